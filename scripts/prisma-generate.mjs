// Runs `prisma generate` without Prisma's native schema engine, which cannot be downloaded here
// (generate never uses it; a stub path satisfies the CLI's lookup).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";

const stub = path.resolve("node_modules/.cache/prisma-engine-stub.sh");
if (!existsSync(stub)) {
  mkdirSync(path.dirname(stub), { recursive: true });
  writeFileSync(stub, "#!/bin/sh\necho 'schema engine stub: use npm run db:migrate:create' >&2\nexit 1\n");
  chmodSync(stub, 0o755);
}
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? stub,
  PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
const r = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
