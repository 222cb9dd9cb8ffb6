// Playwright's web server: starts the e2e fakes (scripts/e2e-fakes.ts: DNS server, customer site, IndexNow
// endpoint, gsc, engine-B API, control endpoint), builds when there is no build yet (or
// E2E_REBUILD=1), then `next start` with every setting of the fakes' READY line (DNS_SERVERS, CONNECT_TO,
// NODE_EXTRA_CA_CERTS, INDEXNOW_ENDPOINT, GSC_*, ENGINEB_API_BASE_URL, ENCRYPTION_KEY). Ports: e2e/README.md.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { spawnNext } from "./spawn-next.mjs";

const fakes = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-fakes.ts"], {
  stdio: ["pipe", "pipe", "inherit"],
  env: { ...process.env, E2E_FAKES_STDIN_PARENT: "1" },
});
const stopFakes = () => {
  if (fakes.exitCode === null) fakes.kill("SIGTERM");
};
process.on("exit", stopFakes);

const fakeEnv = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: fakes.stdout });
  lines.on("line", (line) => {
    if (line.startsWith("E2E_FAKES_READY ")) resolve(JSON.parse(line.slice("E2E_FAKES_READY ".length)));
    else process.stdout.write(`[e2e-fakes] ${line}\n`);
  });
  fakes.once("exit", (code) => reject(new Error(`e2e fakes exited with ${code} before they were ready`)));
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`e2e fakes ready: DNS ${fakeEnv.DNS_SERVERS}, IndexNow ${fakeEnv.INDEXNOW_ENDPOINT}, console ${fakeEnv.GSC_API_BASE_URL}, engine B ${fakeEnv.ENGINEB_API_BASE_URL}, control ${fakeEnv.E2E_CONTROL_URL}`);

if (process.env.E2E_REBUILD === "1" || !existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) {
  const code = await spawnNext("build", [], process.env);
  if (code !== 0) {
    stopFakes();
    process.exit(code);
  }
}
const code = await spawnNext("start", [], { ...process.env, ...fakeEnv });
stopFakes();
process.exit(code);
