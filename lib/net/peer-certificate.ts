import { checkServerIdentity, createSecureContext, rootCertificates, type PeerCertificate, type TLSSocket } from "node:tls";
import { buildConnector } from "undici";
import { parseConnectTo, type ConnectToRule } from "./connect-to";
import { createGuardedConnector, precheckHost } from "./connector";
import { getDefaultResolver, type HostResolver } from "./resolver";
import { SafeFetchFailure } from "./types";

export type PeerCertificateResult =
  | { ok: true; validFrom: Date; validTo: Date; issuer: string | null; subject: string | null; trusted: boolean; trustError: string | null }
  | { ok: false; error: string; kind: string };

/**
 * Opens a TLS connection to host:443 through the SSRF guard (the same rules as the safe fetcher: CONNECT_TO, the
 * resolver, private addresses refused) and reads the certificate the server presents. An untrusted or expired
 * certificate is still read (`trusted: false` says why); nothing is sent over the connection.
 */
export async function readPeerCertificate(
  host: string,
  opts: { connectTo?: string | ConnectToRule[]; resolver?: HostResolver; tlsCa?: string | string[]; timeoutMs?: number } = {},
): Promise<PeerCertificateResult> {
  const connectTo = typeof opts.connectTo === "string" ? parseConnectTo(opts.connectTo) : (opts.connectTo ?? parseConnectTo(process.env.CONNECT_TO ?? ""));
  const refused = precheckHost(host, 443, connectTo);
  if (refused) return { ok: false, kind: "blocked", error: `${host}: ${refused}` };
  const extraCa = opts.tlsCa === undefined ? [] : [opts.tlsCa].flat();
  const secureContext = extraCa.length ? createSecureContext({ ca: [...rootCertificates, ...extraCa] }) : undefined;
  const base = buildConnector({ timeout: opts.timeoutMs ?? 10_000, rejectUnauthorized: false, ...(secureContext ? { secureContext } : {}) });
  const connect = createGuardedConnector(base, { resolver: opts.resolver ?? getDefaultResolver(), connectTo });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, kind: "timeout", error: `${host}: no TLS answer within ${opts.timeoutMs ?? 10_000} ms` }), (opts.timeoutMs ?? 10_000) + 1000);
    connect({ hostname: host, host, protocol: "https:", port: "443", servername: host }, (error, socket) => {
      clearTimeout(timer);
      if (error || !socket) {
        const failure = SafeFetchFailure.from(error, `https://${host}/`);
        resolve({ ok: false, kind: failure.kind, error: failure.message });
        return;
      }
      const tls = socket as TLSSocket;
      try {
        const cert: PeerCertificate | undefined = typeof tls.getPeerCertificate === "function" ? tls.getPeerCertificate() : undefined;
        if (!cert || !cert.valid_to) {
          resolve({ ok: false, kind: "tls", error: `${host}: the server presented no certificate` });
          return;
        }
        const identity = checkServerIdentity(host, cert);
        const chainError = tls.authorized ? null : String(tls.authorizationError ?? "not trusted");
        const trustError = chainError ?? (identity ? identity.message : null);
        resolve({
          ok: true, validFrom: new Date(cert.valid_from), validTo: new Date(cert.valid_to),
          issuer: first(cert.issuer?.O ?? cert.issuer?.CN), subject: first(cert.subject?.CN), trusted: trustError === null, trustError,
        });
      } catch (e) {
        resolve({ ok: false, kind: "tls", error: `${host}: the certificate could not be read (${(e as Error).message})` });
      } finally {
        tls.destroy();
      }
    });
  });
}

const first = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
