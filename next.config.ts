import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships a WASM build and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
