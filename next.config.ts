import type { NextConfig } from "next";

const pdfFonts = [
  "./node_modules/@embedpdf/fonts-latin/fonts/NotoSans-{Regular,Bold,Italic,BoldItalic}.ttf",
  "./node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-{Regular,Bold}.otf",
  "./node_modules/@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
];

/** APP_URL's host: the one origin besides the request's own host whose server action posts are accepted (behind a proxy that rewrites Host). */
function appHost(): string[] {
  try {
    return process.env.APP_URL?.trim() ? [new URL(process.env.APP_URL.trim()).host] : [];
  } catch {
    return [];
  }
}

const nextConfig: NextConfig = {
  // Benchmark-only routes (app/api/bench/*/route.bench.ts) exist only in a build made with
  // LAUNCHLOOP_BENCH=1 (`npm run bench`); a production build has no such route.
  pageExtensions: [...(process.env.LAUNCHLOOP_BENCH === "1" ? ["bench.ts"] : []), "tsx", "ts", "jsx", "js"],
  // Loaded from node_modules at run time: PGlite's WASM and data files, PDFKit's and fontkit's data, sharp's native binary,
  // satori's layout WASM and resvg's native binary (the brand cards).
  serverExternalPackages: ["@electric-sql/pglite", "pdfkit", "fontkit", "sharp", "satori", "@resvg/resvg-js"],
  experimental: {
    serverActions: { allowedOrigins: appHost() },
    turbopackChunking: { requestCost: 1_000_000, minChunkSize: 100_000 },
  },
  // The PDF export and the brand cards read their fonts from disk: ship them with every function that may draw
  // (the API, MCP and job routes, and the dashboard's server actions).
  outputFileTracingIncludes: { "/api/v1/[[...path]]": pdfFonts, "/api/**/*": pdfFonts, "/projects/**/*": pdfFonts },
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (in CI, with the tests); `npm start` only builds.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
