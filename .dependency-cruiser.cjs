/**
 * The import direction of the codebase, checked by `npm run check:imports`:
 *
 *   app, lib/cli -> faces (lib/http, lib/mcp, lib/actions) -> lib/operations -> lib/services
 *       -> agents, ai, channels, limits, exports, images, auth, billing, mail, storage, growth rules,
 *          drafts rules, links, jobs, networks, oauth (the authorization server's protocol adapter)
 *       -> lib/core, lib/schemas, lib/i18n, lib/db, lib/security -> lib/errors, lib/config
 *
 * components/ sit beside app (a route's pages and its client components import them); lib
 * imports neither, components never import app (a client component gets its server
 * actions as props, or lives next to its route). A layer may import any layer below it,
 * never one above, and there are no cycles, not even through type-only imports. Every
 * folder and file of lib/ is in a layer: one in none fails the check (`lib-outside-the-layers`).
 */
const layers = {
  app: "^(app|components|lib/cli)/",
  faces: "^lib/(http|mcp|actions)/",
  operations: "^lib/operations/",
  services: "^lib/services/",
  domain: "^lib/(agents|ai|channels|limits|exports|images|auth|billing|mail|storage|growth|drafts|links|jobs|networks|oauth)/",
  data: "^lib/(core|schemas|db|security|i18n)/",
  base: "^lib/(errors|config)(/|\\.ts$)",
};
const above = {
  faces: [layers.app],
  operations: [layers.app, layers.faces],
  services: [layers.app, layers.faces, layers.operations],
  domain: [layers.app, layers.faces, layers.operations, layers.services],
  data: [layers.app, layers.faces, layers.operations, layers.services, layers.domain],
  base: [layers.app, layers.faces, layers.operations, layers.services, layers.domain, layers.data],
};

module.exports = {
  forbidden: [
    {
      name: "lib-outside-the-layers",
      comment:
        "Every folder and file of lib/ belongs to a layer: add a new one to `layers` in .dependency-cruiser.cjs (and to docs/architecture.md)",
      severity: "error",
      from: { path: "^lib/", pathNot: Object.values(layers) },
      to: {},
    },
    {
      name: "lib-outside-the-layers-imported",
      comment: "A module of lib/ in no layer is imported (one that imports nothing is still caught by the other rule's twin)",
      severity: "error",
      from: {},
      to: { path: "^lib/", pathNot: Object.values(layers) },
    },
    ...Object.entries(above).map(([layer, higher]) => ({
      name: `${layer}-imports-upward`,
      comment: `lib code of the ${layer} layer imports a layer above it`,
      severity: "error",
      from: { path: layers[layer] },
      to: { path: higher },
    })),
    {
      name: "lib-imports-app-or-components",
      comment: "lib is below the faces: it never imports a route (app/) or a component",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-import-app",
      comment: "A component receives server actions as props (or lives next to its route in app/)",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "server-actions-go-through-the-executor",
      comment:
        "A server action runs operations with runOperation (lib/actions), so the executor's gates (session, limits, unsafe text, captcha) apply: it never reaches services, the database or other internals itself",
      severity: "error",
      from: { path: "^app/.*actions\\.ts$" },
      to: { path: "^lib/(?!actions/|operations/|schemas/|errors)" },
    },
    {
      name: "ai-below-agents",
      comment:
        "lib/ai (the model call and the offline drafting engine, a model provider) sits below the agents: it reads task inputs and outputs from lib/schemas, never an agent",
      severity: "error",
      from: { path: "^lib/ai/" },
      to: { path: "^lib/agents/" },
    },
    {
      name: "offline-engine-through-its-index",
      comment:
        "The offline drafting engine is reached through lib/ai/offline/index.ts (the model provider's registry and the post parts the agents share); its per-task drafts are its own",
      severity: "error",
      from: { path: "^(?!lib/ai/offline/)" },
      to: { path: "^lib/ai/offline/(?!index\\.ts$)" },
    },
    {
      name: "no-circular",
      comment: "Modules depend on each other in a circle (type-only imports included)",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-never-imports-tests",
      severity: "error",
      from: { path: "^(lib|app|components)/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
