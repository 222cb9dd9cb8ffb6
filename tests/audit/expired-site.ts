// An HTTPS server whose certificate expired in 2020 (self-signed with `openssl ca -selfsign`, the
// only way OpenSSL 3.0 backdates), to see what a customer with a lapsed certificate gets.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const CONFIG = `[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nserial = serial\nnew_certs_dir = .\ndefault_md = sha256\npolicy = p\ncopy_extensions = copy\nunique_subject = no\n[p]\ncommonName = supplied\n`;

export async function startExpiredSite(hostname: string): Promise<{ port: number; cert: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "indexwatch-expired-"));
  try {
    writeFileSync(path.join(dir, "ca.cnf"), CONFIG);
    writeFileSync(path.join(dir, "index.txt"), "");
    writeFileSync(path.join(dir, "serial"), "01\n");
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    run(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "key.pem", "-out", "req.csr", "-subj", `/CN=${hostname}`, "-addext", `subjectAltName=DNS:${hostname}`]);
    run(["ca", "-batch", "-config", "ca.cnf", "-selfsign", "-keyfile", "key.pem", "-in", "req.csr", "-out", "cert.pem", "-startdate", "20200101000000Z", "-enddate", "20200102000000Z"]);
    const key = readFileSync(path.join(dir, "key.pem"), "utf8");
    const cert = readFileSync(path.join(dir, "cert.pem"), "utf8");
    const server = https.createServer({ key, cert }, (_req, res) => res.end("expired"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port, cert, close: () => new Promise((resolve) => server.close(() => resolve())) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
