import http from "node:http";
import https from "node:https";

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
const INSTALLED = Symbol.for("indexwatch.clientAddressGuard");

/**
 * The client IP is the socket address unless TRUST_PROXY=1, then the first X-Forwarded-For hop
 * (DESIGN.md). Route handlers never see the socket: Next.js fills X-Forwarded-For with it only when
 * the request has none (`??=` in its base server), so a client could name any IP. Unless TRUST_PROXY=1,
 * this replaces the header with the socket address on every HTTP server of the process, before
 * Next.js reads the request; lib/auth/request-info.ts then reads the first hop in both modes.
 * Installed from instrumentation.ts at server start. With TRUST_PROXY=1 the proxy must set the header
 * itself (overwrite, not append to, what the client sent), or clients choose their IP.
 */
export function guardClientAddress(): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as unknown as Array<{ emit: Emit } & Record<symbol, boolean>>) {
    if (proto[INSTALLED]) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      if (event === "request") stampSocketAddress(args[0] as http.IncomingMessage);
      return emit.call(this, event, ...args);
    };
    proto[INSTALLED] = true;
  }
}

function stampSocketAddress(req: http.IncomingMessage) {
  if (process.env.TRUST_PROXY === "1") return;
  const address = req.socket?.remoteAddress;
  if (address) req.headers["x-forwarded-for"] = address;
  else delete req.headers["x-forwarded-for"];
}
