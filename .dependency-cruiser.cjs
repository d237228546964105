/**
 * The import direction of the codebase, checked by `npm run check:imports`:
 *
 *   app -> faces (lib/http, lib/mcp, lib/actions) -> lib/operations -> lib/services
 *       -> agents, ai, channels, limits, exports, auth, billing, mail, growth rules
 *       -> lib/core, lib/schemas, lib/db, lib/security -> lib/errors, lib/config
 *
 * A layer may import any layer below it, never one above, and there are no cycles.
 */
const layers = {
  app: "^app/",
  faces: "^lib/(http|mcp|actions)/",
  operations: "^lib/operations/",
  services: "^lib/services/",
  domain: "^lib/(agents|ai|channels|limits|exports|auth|billing|mail|growth)/",
  data: "^lib/(core|schemas|db|security)/",
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
      name: "no-circular",
      comment: "Modules depend on each other in a circle",
      severity: "error",
      from: {},
      // A circle closed only by type imports costs nothing at run time.
      to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "lib-never-imports-tests",
      severity: "error",
      from: { path: "^(lib|app)/" },
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
