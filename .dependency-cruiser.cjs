/**
 * The import direction of the codebase, checked by `npm run check:imports`:
 *
 *   app, lib/cli -> faces (lib/http, lib/mcp, lib/actions) -> lib/operations -> lib/services
 *       -> agents, ai, channels, limits, exports, auth, billing, mail, storage, growth rules,
 *          links, jobs, networks (lib/oauth spans layers and is not in one yet)
 *       -> lib/core, lib/schemas, lib/i18n, lib/db, lib/security -> lib/errors, lib/config
 *
 * components/ sit beside app (a route's pages and its client components import them); lib
 * imports neither, components never import app (a client component gets its server
 * actions as props, or lives next to its route). A layer may import any layer below it,
 * never one above, and there are no cycles, not even through type-only imports.
 */
const layers = {
  app: "^(app|components|lib/cli)/",
  faces: "^lib/(http|mcp|actions)/",
  operations: "^lib/operations/",
  services: "^lib/services/",
  domain: "^lib/(agents|ai|channels|limits|exports|auth|billing|mail|storage|growth|links|jobs|networks)/",
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
