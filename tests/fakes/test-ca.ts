// A certificate authority made at test time with the openssl CLI (Node cannot write X.509).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface KeyPair {
  key: string;
  cert: string;
}

export interface TestCa {
  /** PEM of the CA certificate: what a client must trust. */
  caPem: string;
  /**
   * A leaf certificate signed by the CA for these DNS names (and 127.0.0.1), valid `days` days (2 by default: well
   * inside the site watch's 14-day warning, which tests rely on; the demo and the e2e journeys ask for 90).
   */
  issue(hostnames: string[], days?: number): KeyPair;
  /** A certificate no CA vouches for. */
  selfSigned(hostnames: string[]): KeyPair;
}

const EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

function altNames(hostnames: string[]): string {
  return [...hostnames.map((h) => `DNS:${h}`), "IP:127.0.0.1"].join(",");
}

let cached: TestCa | undefined;

export function getTestCa(): TestCa {
  cached ??= createTestCa();
  return cached;
}

export function createTestCa(): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), "indexwatch-ca-"));
  let serial = 0;
  try {
    openssl(dir, [
      "req", "-x509", ...EC, "-keyout", "ca.key", "-out", "ca.pem", "-days", "400",
      "-subj", "/CN=IndexWatch Test CA",
      "-addext", "basicConstraints=critical,CA:TRUE",
      "-addext", "keyUsage=critical,keyCertSign,cRLSign",
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`openssl is needed to create the test CA: ${(error as Error).message}`);
  }
  const caPem = readFileSync(path.join(dir, "ca.pem"), "utf8");
  const caKey = readFileSync(path.join(dir, "ca.key"), "utf8");
  rmSync(dir, { recursive: true, force: true });

  function inTempDir<T>(work: (dir: string) => T): T {
    const temp = mkdtempSync(path.join(tmpdir(), "indexwatch-cert-"));
    try {
      return work(temp);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }

  return {
    caPem,
    issue: (hostnames, days = 2) =>
      inTempDir((temp) => {
        writeFileSync(path.join(temp, "ca.pem"), caPem);
        writeFileSync(path.join(temp, "ca.key"), caKey, { mode: 0o600 });
        writeFileSync(
          path.join(temp, "ext.cnf"),
          `subjectAltName=${altNames(hostnames)}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`,
        );
        openssl(temp, ["req", ...EC, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", `/CN=${hostnames[0]}`]);
        openssl(temp, [
          "x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
          "-set_serial", String(Date.now() * 100 + serial++), "-out", "leaf.pem", "-days", String(days), "-extfile", "ext.cnf",
        ]);
        return { key: readFileSync(path.join(temp, "leaf.key"), "utf8"), cert: readFileSync(path.join(temp, "leaf.pem"), "utf8") };
      }),
    selfSigned: (hostnames) =>
      inTempDir((temp) => {
        openssl(temp, [
          "req", "-x509", ...EC, "-keyout", "self.key", "-out", "self.pem", "-days", "2",
          "-subj", `/CN=${hostnames[0]}`, "-addext", `subjectAltName=${altNames(hostnames)}`,
        ]);
        return { key: readFileSync(path.join(temp, "self.key"), "utf8"), cert: readFileSync(path.join(temp, "self.pem"), "utf8") };
      }),
  };
}
