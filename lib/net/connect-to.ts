// curl's --connect-to: `HOST:PORT:TARGET_HOST:TARGET_PORT`; an empty HOST or PORT matches any,
// an empty TARGET_HOST or TARGET_PORT keeps the original. IPv6 hosts are written in brackets.

export interface ConnectToRule {
  host: string; // "" = any host
  port: number | null; // null = any port
  targetHost: string; // "" = keep the original host
  targetPort: number | null; // null = keep the original port
}

export interface ConnectTarget {
  host: string;
  port: number;
}

export function parseConnectTo(value: string | undefined): ConnectToRule[] {
  if (!value || !value.trim()) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseRule);
}

function parseRule(entry: string): ConnectToRule {
  const fields: string[] = [];
  let rest = entry;
  for (let i = 0; i < 4; i++) {
    if (rest.startsWith("[")) {
      const end = rest.indexOf("]");
      if (end < 0) throw new Error(`CONNECT_TO entry "${entry}": unclosed "["`);
      fields.push(rest.slice(1, end));
      rest = rest.slice(end + 1);
      if (i < 3 && !rest.startsWith(":")) throw new Error(`CONNECT_TO entry "${entry}": expected ":"`);
      rest = rest.slice(1);
    } else {
      const colon = i < 3 ? rest.indexOf(":") : rest.length;
      if (colon < 0) throw new Error(`CONNECT_TO entry "${entry}": expected HOST:PORT:TARGET_HOST:TARGET_PORT`);
      fields.push(rest.slice(0, colon));
      rest = rest.slice(colon + 1);
    }
  }
  const [host, port, targetHost, targetPort] = fields;
  return {
    host: normalizeHost(host),
    port: parsePort(port, entry),
    targetHost: normalizeHost(targetHost),
    targetPort: parsePort(targetPort, entry),
  };
}

function parsePort(value: string, entry: string): number | null {
  if (value === "") return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`CONNECT_TO entry "${entry}": bad port "${value}"`);
  return port;
}

function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
}

/** The rule that decides a connection to host:port (the first match, as in curl), or null. */
export function matchConnectTo(rules: ConnectToRule[], host: string, port: number): ConnectToRule | null {
  const h = normalizeHost(host);
  return rules.find((rule) => (rule.host === "" || rule.host === h) && (rule.port === null || rule.port === port)) ?? null;
}

/** Where a connection to host:port goes; null when the connection is not mapped. */
export function resolveConnectTo(rules: ConnectToRule[], host: string, port: number): ConnectTarget | null {
  const rule = matchConnectTo(rules, host, port);
  return rule ? { host: rule.targetHost || normalizeHost(host), port: rule.targetPort ?? port } : null;
}
