// A server that hostile inputs would reach if the SSRF guard failed. It listens on 127.0.0.1 and,
// where the machine has IPv6, on ::1 at the same port, answers any request with 200 (so a leak
// shows as a successful fetch), and counts every TCP connection it sees.
import net from "node:net";

export interface Canary {
  port: number;
  readonly connections: number;
  reset(): void;
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const onConnection = (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.once("close", () => sockets.delete(socket));
    socket.once("data", () => socket.end("HTTP/1.1 200 OK\r\ncontent-length: 6\r\nconnection: close\r\n\r\ncanary"));
  };

  const v4 = net.createServer(onConnection);
  await new Promise<void>((resolve) => v4.listen(0, "127.0.0.1", resolve));
  const port = (v4.address() as net.AddressInfo).port;
  const servers = [v4];
  const v6 = net.createServer(onConnection);
  const v6Listening = await new Promise<boolean>((resolve) => {
    v6.once("error", () => resolve(false));
    v6.listen({ port, host: "::1", ipv6Only: true }, () => resolve(true));
  });
  if (v6Listening) servers.push(v6);

  return {
    port,
    get connections() {
      return connections;
    },
    reset() {
      connections = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
