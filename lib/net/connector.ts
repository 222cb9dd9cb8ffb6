import { isIP } from "node:net";
import { buildConnector } from "undici";
import { resolveConnectTo, type ConnectToRule } from "./connect-to";
import { blockedReason, isLocalName } from "./ip-policy";
import { DnsLookupError, type HostResolver } from "./resolver";
import { portRefusal } from "./url-policy";

const INTERNAL_NAME = "the name points to a private or reserved address, which is never fetched";

export class BlockedAddressError extends Error {
  readonly code = "ERR_SSRF_BLOCKED";
  /** What was refused and why, with the address: for logs and support only. */
  readonly detail: string;
  constructor(
    readonly hostname: string,
    readonly address: string | null,
    reason: string,
  ) {
    // The address a name resolved to is never told (it maps internal DNS for whoever asks); it stays on the error for logs.
    super(address && address !== hostname ? `${hostname}: ${INTERNAL_NAME}` : `${hostname}: ${reason}`);
    this.name = "BlockedAddressError";
    this.detail = address && address !== hostname ? `${hostname} resolves to ${address}: ${reason}` : this.message;
  }
}

export interface GuardOptions {
  resolver: HostResolver;
  connectTo: ConnectToRule[];
  /** Called with the duration of each DNS resolution this connector performs. */
  onDns?: (ms: number) => void;
}

/**
 * Why a URL host may not be contacted before any DNS, or null when DNS decides (or CONNECT_TO maps it).
 * The port rule (80 and 443 only) applies first, to mapped hosts too.
 */
export function precheckHost(hostname: string, port: number, connectTo: ConnectToRule[]): string | null {
  const host = hostname.replace(/^\[|\]$/g, "");
  const badPort = portRefusal(host, port, connectTo);
  if (badPort) return badPort;
  if (resolveConnectTo(connectTo, host, port)) return null;
  if (isIP(host)) return blockedReason(host);
  if (isLocalName(host)) return "local hostname";
  return null;
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * Wraps undici's connector so that every connection, including IP literals that never reach a
 * lookup function, goes only to an address vetted at this moment. The vetted IP itself is
 * connected to, so a second DNS answer (rebinding) can never be used.
 */
export function createGuardedConnector(base: buildConnector.connector, guard: GuardOptions): buildConnector.connector {
  return (options, connected) => {
    const callback: buildConnector.Callback = (error, socket) => (error ? connected(error, null) : connected(null, resetIsNeverAnEnd(socket!)));
    const hostname = options.hostname.replace(/^\[|\]$/g, "");
    const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
    const servername = isIP(hostname) ? undefined : hostname;

    const refused = portRefusal(hostname, port, guard.connectTo);
    if (refused) {
      callback(new BlockedAddressError(hostname, null, refused), null);
      return;
    }
    const mapped = resolveConnectTo(guard.connectTo, hostname, port);
    if (mapped) {
      base({ ...options, hostname: mapped.host, port: String(mapped.port), servername }, callback);
      return;
    }
    const early = precheckHost(hostname, port, guard.connectTo);
    if (early) {
      callback(new BlockedAddressError(hostname, isIP(hostname) ? hostname : null, early), null);
      return;
    }
    if (isIP(hostname)) {
      base(options, callback);
      return;
    }

    const started = performance.now();
    guard.resolver.resolveAddresses(hostname).then(
      (addresses) => {
        guard.onDns?.(performance.now() - started);
        for (const address of addresses) {
          const reason = blockedReason(address);
          if (reason) {
            callback(new BlockedAddressError(hostname, address, reason), null);
            return;
          }
        }
        // IPv4 first: hosts without IPv6 routes are common and a failed v6 attempt costs a timeout.
        const ordered = [...addresses.filter((a) => isIP(a) === 4), ...addresses.filter((a) => isIP(a) === 6)];
        connectInTurn(base, options, servername, ordered.slice(0, 4), callback);
      },
      (error: unknown) => {
        guard.onDns?.(performance.now() - started);
        callback(error instanceof DnsLookupError ? error : new DnsLookupError(hostname, "EAI_FAIL", String(error)), null);
      },
    );
  };
}

function connectInTurn(
  base: buildConnector.connector,
  options: buildConnector.Options,
  servername: string | undefined,
  addresses: string[],
  callback: buildConnector.Callback,
): void {
  const [address, ...rest] = addresses;
  base({ ...options, hostname: address, servername }, (error, socket) => {
    if (error && rest.length > 0 && CONNECTION_ERRORS.has(String((error as NodeJS.ErrnoException).code))) {
      connectInTurn(base, options, servername, rest, callback);
      return;
    }
    if (error) callback(error, null);
    else callback(null, socket!);
  });
}

/** The code a connection reset carries through undici (types.ts classifies it as `connection`). */
export const RESET_CODE = "ERR_CONNECTION_RESET";

/**
 * undici ends a body delimited by the connection's close normally when the connection is reset instead (a macOS quirk
 * it forgives), so a reset robots.txt read as an empty or cut-short file. A reset never proves the body ended: it reaches
 * undici under a code it does not forgive, and the read fails as a `connection` error.
 */
function resetIsNeverAnEnd<S extends { emit: (event: string | symbol, ...args: unknown[]) => boolean }>(socket: S): S {
  const emit = socket.emit;
  socket.emit = function (this: S, event: string | symbol, ...args: unknown[]) {
    const error = args[0] as NodeJS.ErrnoException | undefined;
    if (event === "error" && error?.code === "ECONNRESET") error.code = RESET_CODE;
    return emit.call(this, event, ...args);
  };
  return socket;
}
