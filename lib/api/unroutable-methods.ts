import http from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";
import { apiGate, buildRouteTree } from "./route-table";
import { API_ROUTES } from "./route-table.generated";

// The Fetch standard forbids these methods: Next.js cannot build a Request for them and answers a bare
// 500 before proxy.ts runs, and Node hands CONNECT to a request handler never. So they are answered on
// the Node server itself, with proxy.ts's decision (405 with Allow on a route, 404 elsewhere). TRACK,
// also forbidden, never gets this far: Node's parser answers it 400.
export const UNROUTABLE_METHODS: ReadonlySet<string> = new Set(["CONNECT", "TRACE"]);

const TREE = buildRouteTree(API_ROUTES);
type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
const INSTALLED = Symbol.for("indexwatch.unroutableMethods");

/** The envelope answer for such a method on an /api path, or null (another method, or not /api). */
export function unroutableMethodAnswer(method: string | undefined, url: string | undefined, tree = TREE): Response | null {
  if (!method || !UNROUTABLE_METHODS.has(method)) return null;
  let pathname: string;
  try {
    pathname = new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return null;
  }
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return null;
  return apiGate(tree, method, pathname);
}

/** Installs the answer on every HTTP server of the process (from instrumentation.ts, before requests). */
export function answerUnroutableMethods(): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as unknown as Array<{ emit: Emit } & Record<symbol, boolean>>) {
    if (proto[INSTALLED]) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      // Node emits CONNECT only to a server with a `connect` listener (else it drops the socket): add one per server.
      if (event === "connection") ensureConnectListener(this as http.Server);
      if (event === "request") {
        const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
        const answer = unroutableMethodAnswer(req.method, req.url);
        if (answer) {
          req.resume();
          void send(answer, (head, body) => { res.writeHead(answer.status, { ...head, "content-length": String(Buffer.byteLength(body)) }); res.end(body); });
          return true;
        }
      }
      return emit.call(this, event, ...args);
    };
    proto[INSTALLED] = true;
  }
}

function ensureConnectListener(server: http.Server) {
  if (server.listenerCount("connect") > 0) return;
  server.on("connect", (req: http.IncomingMessage, socket: Duplex) => {
    const answer = unroutableMethodAnswer(req.method, req.url);
    if (!answer) return void socket.destroy(); // what Node does without a listener: this server is no proxy
    void send(answer, (head, body) => {
      const lines = Object.entries({ ...head, "content-length": String(Buffer.byteLength(body)), connection: "close" }).map(([k, v]) => `${k}: ${v}`);
      socket.end(`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
    });
  });
}

async function send(answer: Response, write: (head: Record<string, string>, body: string) => void) {
  write(Object.fromEntries(answer.headers), await answer.text());
}
