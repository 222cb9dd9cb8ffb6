// A real DNS server on 127.0.0.1 (UDP and TCP on the same random port) answering from a script per
// name. Truncates UDP answers that do not fit, so resolvers retry over TCP as with a real server.
import dgram from "node:dgram";
import net from "node:net";
import dnsPacket, { type Answer, type Packet } from "dns-packet";

export interface DnsAnswer {
  A?: string[];
  AAAA?: string[];
  /** Each record is one string or a list of character-strings (multi-string TXT). */
  TXT?: Array<string | string[]>;
  CNAME?: string;
  /** PTR names; script them on the reverse name (`ptrName(ip)`). */
  PTR?: string[];
  rcode?: "NOERROR" | "NXDOMAIN" | "SERVFAIL" | "REFUSED";
  /** Never answer (the resolver times out). */
  drop?: boolean;
  ttl?: number;
}

export interface DnsQuery {
  name: string;
  type: string;
  transport: "udp" | "tcp";
  /** 1-based count of queries for this name and type, including this one. */
  count: number;
}

export type DnsScript = DnsAnswer | ((query: DnsQuery) => DnsAnswer);

export interface FakeDnsServer {
  port: number;
  /** `127.0.0.1:PORT`, the form DNS_SERVERS takes. */
  server: string;
  set(name: string, script: DnsScript): void;
  delete(name: string): void;
  clear(): void;
  readonly queries: DnsQuery[];
  queriesFor(name: string, type?: string): DnsQuery[];
  close(): Promise<void>;
}

/** The reverse-lookup name of an IP address: 1.66.249.66.in-addr.arpa, or the nibbles under ip6.arpa. */
export function ptrName(ip: string): string {
  if (net.isIPv4(ip)) return `${ip.split(".").reverse().join(".")}.in-addr.arpa`;
  const halves = ip.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const full = [...head, ...Array<string>(8 - head.length - tail.length).fill("0"), ...tail];
  const nibbles = full.map((g) => g.padStart(4, "0")).join("").split("");
  return `${nibbles.reverse().join(".")}.ip6.arpa`;
}

const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

export async function startFakeDns(): Promise<FakeDnsServer> {
  const scripts = new Map<string, DnsScript>();
  const queries: DnsQuery[] = [];
  const counters = new Map<string, number>();
  const key = (name: string) => name.toLowerCase().replace(/\.$/, "");

  const lookup = (name: string): DnsAnswer | undefined => {
    const script = scripts.get(key(name));
    return typeof script === "function" ? undefined : script;
  };

  function answer(request: Packet, transport: "udp" | "tcp", maxSize: number): Buffer | null {
    const question = request.questions?.[0];
    const base = { type: "response" as const, id: request.id, questions: request.questions ?? [] };
    if (!question) return dnsPacket.encode({ ...base, flags: RCODES.REFUSED });
    const name = key(question.name);
    const counterKey = `${name}/${question.type}`;
    const count = (counters.get(counterKey) ?? 0) + 1;
    counters.set(counterKey, count);
    const query: DnsQuery = { name, type: question.type, transport, count };
    queries.push(query);

    const script = scripts.get(name);
    const scripted = typeof script === "function" ? script(query) : script;
    if (scripted?.drop) return null;
    const rcode = scripted ? (scripted.rcode ?? "NOERROR") : "NXDOMAIN";
    const answers = scripted && rcode === "NOERROR" ? recordsFor(question.name, question.type, scripted, lookup) : [];
    const flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | dnsPacket.AUTHORITATIVE_ANSWER | RCODES[rcode];
    const full = dnsPacket.encode({ ...base, flags, answers });
    if (full.length <= maxSize) return full;
    return dnsPacket.encode({ ...base, flags: flags | dnsPacket.TRUNCATED_RESPONSE, answers: [] });
  }

  const { udp, tcp, port } = await bindPair(answer);

  return {
    port,
    server: `127.0.0.1:${port}`,
    set: (name, script) => void scripts.set(key(name), script),
    delete: (name) => void scripts.delete(key(name)),
    clear() {
      scripts.clear();
      counters.clear();
      queries.length = 0;
    },
    queries,
    queriesFor: (name, type) => queries.filter((q) => q.name === key(name) && (!type || q.type === type)),
    async close() {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      for (const socket of tcpSockets) if (socket.localPort === port) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

function recordsFor(name: string, type: string, scripted: DnsAnswer, lookup: (name: string) => DnsAnswer | undefined, depth = 0): Answer[] {
  const ttl = scripted.ttl ?? 60;
  if (scripted.CNAME) {
    // Like a recursive resolver: the alias, then the target's records when this server knows them.
    const target = depth < 8 ? lookup(scripted.CNAME) : undefined;
    const chased = target ? recordsFor(scripted.CNAME, type, target, lookup, depth + 1) : [];
    return [{ type: "CNAME", name, ttl, class: "IN", data: scripted.CNAME }, ...chased];
  }
  if (type === "A") return (scripted.A ?? []).map((data) => ({ type: "A", name, ttl, class: "IN", data }));
  if (type === "AAAA") return (scripted.AAAA ?? []).map((data) => ({ type: "AAAA", name, ttl, class: "IN", data }));
  if (type === "PTR") return (scripted.PTR ?? []).map((data) => ({ type: "PTR", name, ttl, class: "IN", data }));
  if (type === "TXT") return (scripted.TXT ?? []).map((data) => ({ type: "TXT", name, ttl, class: "IN", data: [data].flat() }));
  return [];
}

const tcpSockets = new Set<net.Socket>();

type Answerer = (request: Packet, transport: "udp" | "tcp", maxSize: number) => Buffer | null;

/** UDP and TCP on one random port; retried when the TCP side of the port is taken. */
async function bindPair(answer: Answerer): Promise<{ udp: dgram.Socket; tcp: net.Server; port: number }> {
  for (let attempt = 0; ; attempt++) {
    const udp = dgram.createSocket("udp4");
    udp.on("message", (message, remote) => {
      const request = decode(message);
      if (!request) return;
      const opt = request.additionals?.find((a) => a.type === "OPT") as { udpPayloadSize?: number } | undefined;
      const reply = answer(request, "udp", Math.max(512, opt?.udpPayloadSize ?? 512));
      if (reply) udp.send(reply, remote.port, remote.address);
    });
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    const port = udp.address().port;
    const tcp = net.createServer((socket) => serveTcp(socket, answer));
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once("error", reject);
        tcp.listen(port, "127.0.0.1", () => resolve());
      });
      return { udp, tcp, port };
    } catch (error) {
      udp.close();
      if (attempt >= 5) throw error;
    }
  }
}

function serveTcp(socket: net.Socket, answer: Answerer): void {
  let buffered = Buffer.alloc(0);
  tcpSockets.add(socket);
  socket.once("close", () => tcpSockets.delete(socket));
  socket.on("error", () => {});
  socket.on("data", (data) => {
    buffered = Buffer.concat([buffered, data]);
    while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
      const length = buffered.readUInt16BE(0);
      const request = decode(buffered.subarray(2, 2 + length));
      buffered = buffered.subarray(2 + length);
      if (!request) return void socket.destroy();
      const reply = answer(request, "tcp", 65_535);
      if (reply) socket.write(Buffer.concat([Buffer.from([reply.length >> 8, reply.length & 255]), reply]));
    }
  });
}

function decode(message: Buffer): Packet | null {
  try {
    return dnsPacket.decode(message);
  } catch {
    return null;
  }
}
