import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database, the Prisma adapter and PGlite load native-ish/wasm code at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "swagger-ui-dist"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
