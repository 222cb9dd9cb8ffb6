// HTTP Link header (RFC 8288): `<target>; rel="a b"; x=y, <target2>; rel=c`. Repeated headers
// arrive joined with ", ", which is the same list syntax. Targets may hold commas, so this is a
// small scanner rather than a split.

export interface LinkValue {
  target: string;
  /** Lowercased relation types. */
  rel: string[];
}

const WS = new Set([" ", "\t", "\r", "\n"]);

export function parseLinkHeader(header: string): LinkValue[] {
  const links: LinkValue[] = [];
  let i = 0;
  const skipWs = () => {
    while (i < header.length && WS.has(header[i])) i++;
  };
  while (i < header.length) {
    skipWs();
    if (header[i] === ",") {
      i++;
      continue;
    }
    if (header[i] !== "<") {
      i = nextComma(header, i);
      continue;
    }
    const end = header.indexOf(">", i);
    if (end < 0) break;
    const target = header.slice(i + 1, end).trim();
    i = end + 1;
    const params = new Map<string, string>();
    for (;;) {
      skipWs();
      if (header[i] !== ";") break;
      i++;
      skipWs();
      const nameStart = i;
      while (i < header.length && !"=;,".includes(header[i]) && !WS.has(header[i])) i++;
      const name = header.slice(nameStart, i).toLowerCase();
      skipWs();
      let value = "";
      if (header[i] === "=") {
        i++;
        skipWs();
        [value, i] = header[i] === '"' ? quoted(header, i) : token(header, i);
      }
      // RFC 8288 §3.3: only the first rel parameter counts.
      if (name && !params.has(name)) params.set(name, value);
    }
    const rel = (params.get("rel") ?? "").toLowerCase().split(/[ \t]+/).filter(Boolean);
    links.push({ target, rel });
    i = nextComma(header, i);
  }
  return links;
}

/** The first `rel=canonical` target, unresolved; null when none. */
export function canonicalFromLinkHeader(header: string | undefined): string | null {
  if (!header) return null;
  return parseLinkHeader(header).find((l) => l.rel.includes("canonical"))?.target ?? null;
}

function quoted(s: string, start: number): [string, number] {
  let out = "";
  let i = start + 1;
  while (i < s.length && s[i] !== '"') {
    if (s[i] === "\\" && i + 1 < s.length) i++;
    out += s[i++];
  }
  return [out, i + 1];
}

function token(s: string, start: number): [string, number] {
  let i = start;
  while (i < s.length && !";,".includes(s[i]) && !WS.has(s[i])) i++;
  return [s.slice(start, i), i];
}

/** Index of the next list separator at the top level (outside quotes and angle brackets). */
function nextComma(s: string, start: number): number {
  let i = start;
  while (i < s.length && s[i] !== ",") {
    if (s[i] === '"') i = quoted(s, i)[1];
    else if (s[i] === "<") i = s.indexOf(">", i) < 0 ? s.length : s.indexOf(">", i) + 1;
    else i++;
  }
  return i;
}
