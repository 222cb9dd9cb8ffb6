import { createRequire } from "node:module";
import path from "node:path";

// Only these files of swagger-ui-dist are served; nothing else in node_modules is reachable.
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

// Resolved from the app's root at run time so the bundler neither inlines nor rewrites the package.
const requireFromApp = createRequire(path.join(process.cwd(), "package.json"));

function packageDir(): string {
  return path.dirname(requireFromApp.resolve("swagger-ui-dist/package.json"));
}

/** The installed version, used in asset URLs so they can be cached as immutable. */
export function swaggerUiVersion(): string {
  return (requireFromApp("swagger-ui-dist/package.json") as { version: string }).version;
}

export function swaggerUiAsset(file: string): { filePath: string; contentType: string } | null {
  const contentType = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
  return contentType ? { filePath: path.join(packageDir(), file), contentType } : null;
}
