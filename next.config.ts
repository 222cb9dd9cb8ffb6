import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database, the Prisma adapter and PGlite load native-ish/wasm code at run time; swagger-ui-dist and
  // the report font are files read from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "swagger-ui-dist", "@expo-google-fonts/noto-sans"],
  poweredByHeader: false,
  // NEXT_DIST_DIR (`.next-<name>`) gives a second build of the same checkout its own output folder (two e2e runs side by side).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // .ci/run builds after its typecheck stage (next typegen + tsc --noEmit over the whole project, a superset of
  // what the build checks) and sets NEXT_BUILD_SKIP_TYPECHECK=1 so the build does not check the same code again.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  experimental: {
    // A CI clone is built once and never reads Turbopack's build cache back: writing it there is wasted time.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // PROFILE_BUILD=1 keeps the server bundle's function names readable in a CPU profile (`node --cpu-prof`).
    serverMinification: process.env.PROFILE_BUILD !== "1",
  },
};

export default nextConfig;
