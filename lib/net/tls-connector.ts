import tls from "node:tls";
import { LRUCache } from "lru-cache";
import { errors, type buildConnector } from "undici";

/**
 * TLS sessions by host (`servername:port`), held strongly and bounded by least recent use. undici's own cache keeps
 * its sessions behind WeakRefs, so a host visited every few minutes (the robots.txt watch) finds its session
 * collected and pays a full handshake each time: certificate chain verification and Node's `checkServerIdentity`
 * (which builds the peer certificate's JS object), both skipped on a resumed session.
 */
export class TlsSessionCache {
  // lru-cache (as the URL and answer caches use) needs a bound of at least one: none is kept at 0.
  private readonly sessions: LRUCache<string, Buffer> | null;
  /** Handshakes that resumed a session, and full ones (for benchmarks and tests). */
  readonly stats = { resumed: 0, full: 0 };

  constructor(readonly max: number) {
    this.sessions = max > 0 ? new LRUCache<string, Buffer>({ max }) : null;
  }

  get(key: string): Buffer | undefined {
    return this.sessions?.get(key);
  }

  set(key: string, session: Buffer): void {
    this.sessions?.set(key, session);
  }

  delete(key: string): void {
    this.sessions?.delete(key);
  }

  get size(): number {
    return this.sessions?.size ?? 0;
  }
}

/** `TLSSocket#setSession`: what tls.connect itself calls with its `session` option (left out of Node's types). */
type SessionSetter = { setSession(session: Buffer): void };
const SET_SESSION_LATE = typeof (tls.TLSSocket.prototype as unknown as Partial<SessionSetter>).setSession === "function";

export interface TlsConnectorOptions {
  /** Connect timeout (TCP and TLS handshake), as undici's connector's `timeout`. */
  timeout: number;
  secureContext?: tls.SecureContext;
  sessions: TlsSessionCache;
}

/**
 * undici's connector for HTTPS, with the session of the host's last connection offered from `sessions` (undici's
 * `buildConnector` takes a session per connector, not per connection). Plain HTTP goes to undici's own connector.
 * What is connected to is decided by the caller (the SSRF guard hands in the vetted address as `hostname` and the
 * URL's host as `servername`); a session only skips the certificate checks when the server proves it holds the
 * session's secret, which only the server that passed them for that name can.
 */
export function createTlsConnector(plain: buildConnector.connector, options: TlsConnectorOptions): buildConnector.connector {
  return (connect, callback) => {
    if (connect.protocol !== "https:") return plain(connect, callback);
    const port = Number(connect.port) || 443;
    const servername = connect.servername || undefined;
    const key = `${servername ?? connect.hostname}:${port}`;
    const session = options.sessions.get(key);
    // Node parses a session given to tls.connect twice (once building the socket, once more after), each time with the
    // certificate it holds: a fifth of a resumed connection's CPU. Set once on the socket, before its TCP connection
    // (and so its handshake) starts. Over a socket given by the caller the handshake starts inside tls.connect.
    const late = session !== undefined && !connect.httpSocket && SET_SESSION_LATE;
    const socket = tls.connect({
      host: connect.hostname, port, servername, ...(late ? {} : { session }),
      ALPNProtocols: ["http/1.1"], ...(options.secureContext ? { secureContext: options.secureContext } : {}),
      ...(connect.localAddress ? { localAddress: connect.localAddress } : {}), ...(connect.httpSocket ? { socket: connect.httpSocket } : {}),
    });
    if (late) (socket as unknown as SessionSetter).setSession(session);
    socket.on("session", (session: Buffer) => options.sessions.set(key, session));
    socket.setKeepAlive(true, 60_000).setNoDelay(true);
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      socket.destroy();
      callback(new errors.ConnectTimeoutError(`Connect Timeout Error (attempted address: ${connect.hostname}:${port}, timeout: ${options.timeout}ms)`), null);
    }, options.timeout);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      if (done) return;
      done = true;
      if (socket.isSessionReused()) options.sessions.stats.resumed++;
      else options.sessions.stats.full++;
      callback(null, socket);
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      if (done) return;
      done = true;
      // A session the server refuses to resume falls back to a full handshake inside OpenSSL; a connection that
      // fails before its handshake ends forgets the host's session, so the next attempt starts clean.
      options.sessions.delete(key);
      callback(error, null);
    });
    return socket;
  };
}
