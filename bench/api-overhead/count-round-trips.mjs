// A TCP proxy in front of PostgreSQL that counts the app's round trips: every simple Query ('Q') and
// every Sync ('S', which ends one extended-protocol exchange) the client sends is one wait for the server.
import net from "node:net";

/** Starts the proxy on `port`, forwarding to `target` (host, port). `onStatement` sees each statement text parsed or queried. */
export function startCountingProxy(port, target, onStatement) {
  const counter = { roundTrips: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let buf = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk) => {
      upstream.write(chunk);
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          // The startup message (and an SSL request before it) has no type byte.
          if (buf.length < 4) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          buf = buf.subarray(len);
          if (code !== 80877103) started = true; // not SSLRequest
          continue;
        }
        if (buf.length < 5) break;
        const type = String.fromCharCode(buf[0]);
        const len = buf.readInt32BE(1);
        if (buf.length < 1 + len) break;
        const body = buf.subarray(5, 1 + len);
        if (type === "Q" || type === "S") counter.roundTrips++;
        if (onStatement && type === "Q") onStatement(body.toString("utf8", 0, body.length - 1));
        if (onStatement && type === "P") {
          const nameEnd = body.indexOf(0);
          onStatement(body.toString("utf8", nameEnd + 1, body.indexOf(0, nameEnd + 1)));
        }
        buf = buf.subarray(1 + len);
      }
    });
    upstream.on("data", (d) => client.write(d));
    const close = () => { client.destroy(); upstream.destroy(); };
    client.on("error", close); upstream.on("error", close); client.on("close", close); upstream.on("close", close);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ counter, close: () => server.close() })));
}
