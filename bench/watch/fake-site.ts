// The bench's fake customer sites, in a process of its own (its CPU is not the app's): one HTTPS server for every
// *.wb.test host, whose robots.txt answers 304 to a matching If-None-Match (SHARE_200 of the time it answers 200 with
// the same bytes anyway, as CDNs without validators do). Prints its port on stdout.
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";

const BODY = process.env.ROBOTS_BODY ?? "User-agent: *\nDisallow: /admin\n";
const ETAG = '"v1"';
const share200 = Number(process.env.SHARE_200 ?? 0.05);
let n304 = 0;
let n200 = 0;
let resumed = 0;
let full = 0;
// Session tickets live 10 minutes, longer than the watch's 5-minute interval (Node's and nginx's default is 5 minutes: a
// server that keeps them no longer than the interval gets a full handshake on every visit).
const server = https.createServer({ key: process.env.SITE_KEY, cert: process.env.SITE_CERT, keepAliveTimeout: 5_000, sessionTimeout: 600 }, (req, res) => {
  if (req.url === "/robots.txt" && req.headers["if-none-match"] === ETAG && Math.random() >= share200) {
    n304++;
    res.writeHead(304, { etag: ETAG }).end();
    return;
  }
  n200++;
  res.writeHead(200, { "content-type": "text/plain", etag: ETAG, "content-length": String(Buffer.byteLength(BODY)) }).end(BODY);
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
server.on("secureConnection", (socket: TLSSocket) => (socket.isSessionReused() ? resumed++ : full++));
process.on("SIGTERM", () => {
  process.stderr.write(`fake-site: ${n304} × 304, ${n200} × 200; TLS handshakes ${resumed} resumed, ${full} full\n`);
  process.exit(0);
});
