// Playwright's web server: builds when there is no build yet (or E2E_REBUILD=1), then next start.
import { existsSync } from "node:fs";
import { spawnNext } from "./spawn-next.mjs";

if (process.env.E2E_REBUILD === "1" || !existsSync(".next/BUILD_ID")) {
  const code = await spawnNext("build", []);
  if (code !== 0) process.exit(code);
}
process.exit(await spawnNext("start", []));
