// A fake of gsc, built from ../shared/ENGINES.md: a real HTTP
// server on 127.0.0.1 with the OAuth consent page and token endpoint, the site list, URL
// inspection (per-property quota per minute and per Pacific day) and Search Analytics (page and
// date dimensions), answering with the documented bodies and error envelopes. Tests script users,
// properties, inspection results, performance rows and failures.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type PermissionLevel = "siteOwner" | "siteFullUser" | "siteRestrictedUser" | "siteUnverifiedUser";
export type FakeSite = { siteUrl: string; permissionLevel: PermissionLevel | string };
export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> };
export type FakeRoute = "authorize" | "token" | "sites" | "inspect" | "searchAnalytics";
/** One page's web performance on one Pacific day; `position` is 1.0 unless given. */
export type FakeSearchAnalyticsRow = { page: string; date: string; clicks: number; impressions: number; position?: number };
export type SearchAnalyticsLimits = {
  /** Only the top rows of each day by clicks exist for the API (ENGINES.md: about 50,000). */
  maxRowsPerDay?: number;
  /** Today and the `freshDays` days before it (the clock's Pacific date) are answered only with `dataState: "all"`. */
  freshDays?: number;
};
export type ReceivedRequest = { route: FakeRoute | "other"; method: string; path: string; status: number; body: Record<string, unknown> | null };

export type StartFakeGscOptions = {
  clientId?: string;
  clientSecret?: string;
  /** When set, the consent page and the code exchange accept only these redirect URIs. */
  redirectUris?: string[];
  users?: { email: string; sites: FakeSite[] }[];
  quota?: { perMinute?: number; perDay?: number };
  searchAnalytics?: SearchAnalyticsLimits;
  now?: () => Date;
  accessTokenTtlSeconds?: number;
  codeTtlSeconds?: number;
};

type Code = { clientId: string; redirectUri: string; email: string; scopes: string[]; offline: boolean; consent: boolean; expiresAt: number; used: boolean };
type Grant = { id: string; email: string; clientId: string; scopes: string[]; revoked: boolean };
type Usage = { day: string; usedToday: number; minute: string; usedThisMinute: number };

const READ_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
const WRITE_SCOPE = "https://www.googleapis.com/auth/webmasters";
const AUTHORIZE_PATH = "/o/oauth2/v2/auth";
const TOKEN_PATH = "/token";
const NOT_OWNED = "You do not own this site, or the inspected URL is not part of this property.";
const SEARCH_ANALYTICS_PATH = /^\/webmasters\/v3\/sites\/([^/?]+)\/searchAnalytics\/query(?:\?|$)/;
const UNKNOWN_URL = { verdict: "NEUTRAL", coverageState: "URL is unknown to Google", robotsTxtState: "ROBOTS_TXT_STATE_UNSPECIFIED", indexingState: "INDEXING_STATE_UNSPECIFIED", pageFetchState: "PAGE_FETCH_STATE_UNSPECIFIED" };

export async function startFakeGsc(options: StartFakeGscOptions = {}) {
  const clientId = options.clientId ?? "fake-client-id.apps.example";
  const clientSecret = options.clientSecret ?? "fake-client-secret-0123456789";
  const limits = { perMinute: options.quota?.perMinute ?? 600, perDay: options.quota?.perDay ?? 2000 };
  let clock = options.now ?? (() => new Date());
  const users = new Map<string, FakeSite[]>();
  const codes = new Map<string, Code>();
  const grants = new Map<string, Grant>();
  const refreshTokens = new Map<string, string>(); // token → grant id
  const accessTokens = new Map<string, { grantId: string; expiresAt: number }>();
  const inspections = new Map<string, Record<string, unknown> | null>();
  const usage = new Map<string, Usage>();
  const performance = new Map<string, FakeSearchAnalyticsRow[]>(); // property key → rows
  const saLimits = { maxRowsPerDay: options.searchAnalytics?.maxRowsPerDay ?? 50_000, freshDays: options.searchAnalytics?.freshDays ?? 3 };
  const saFailures: number[] = []; // statuses of the next Search Analytics answers
  const queues = new Map<FakeRoute, FakeReply[]>();
  const requests: ReceivedRequest[] = [];
  const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;

  const addUser = (email: string, sites: FakeSite[] = []) => { users.set(email.toLowerCase(), sites); return { email }; };
  for (const u of options.users ?? [{ email: "owner@example.test", sites: [] }]) addUser(u.email, u.sites);

  function issueGrant(email: string, scopes: string[], client = clientId) {
    const grant: Grant = { id: token("g-"), email: email.toLowerCase(), clientId: client, scopes, revoked: false };
    grants.set(grant.id, grant);
    return grant;
  }
  function issueAccess(grant: Grant) {
    const accessToken = token("fake-access-");
    accessTokens.set(accessToken, { grantId: grant.id, expiresAt: clock().getTime() + (options.accessTokenTtlSeconds ?? 3599) * 1000 });
    return accessToken;
  }
  function mintCode(input: { email?: string; redirectUri: string; scopes?: string[]; offline?: boolean; consent?: boolean; clientId?: string }) {
    const code = token("4/fake-code-");
    codes.set(code, {
      clientId: input.clientId ?? clientId, redirectUri: input.redirectUri, email: (input.email ?? [...users.keys()][0] ?? "").toLowerCase(),
      scopes: input.scopes ?? [READ_SCOPE], offline: input.offline ?? true, consent: input.consent ?? true,
      expiresAt: clock().getTime() + (options.codeTtlSeconds ?? 600) * 1000, used: false,
    });
    return code;
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const route: FakeRoute | "other" = url.pathname.startsWith(AUTHORIZE_PATH) ? "authorize" : url.pathname === TOKEN_PATH ? "token"
      : url.pathname === "/webmasters/v3/sites" ? "sites" : url.pathname === "/v1/urlInspection/index:inspect" ? "inspect"
        : SEARCH_ANALYTICS_PATH.test(url.pathname) ? "searchAnalytics" : "other";
    const raw = await readBody(req);
    const body = parseBody(req.headers["content-type"], raw);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      requests.push({ route, method: req.method ?? "", path: url.pathname + url.search, status, body });
      // Google's APIs pretty-print JSON unless asked not to (prettyPrint=false): so does the fake, sizes included.
      const text = typeof payload === "string" ? payload : JSON.stringify(payload, null, url.searchParams.get("prettyPrint") === "false" ? undefined : 2);
      const type = typeof payload === "string" && text.startsWith("<") ? "text/html; charset=utf-8" : "application/json; charset=utf-8";
      res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
      res.end(text);
    };
    const scripted = route !== "other" ? queues.get(route)?.shift() : undefined;
    if (scripted) return send(scripted.status, scripted.body ?? "", scripted.headers);
    if (route === "authorize") return authorize(req.method ?? "GET", url, body, send);
    if (route === "token") return tokenEndpoint(req, body, send);
    if (route === "sites" || route === "inspect" || route === "searchAnalytics") return api(route, req, url, body, send);
    send(404, apiError(404, "Requested entity was not found.", "NOT_FOUND"));
  });

  type Send = (status: number, payload: unknown, headers?: Record<string, string>) => void;

  function authorize(method: string, url: URL, form: Record<string, unknown> | null, send: Send) {
    const p = method === "POST" ? (form ?? {}) : Object.fromEntries(url.searchParams);
    const str = (k: string) => (typeof p[k] === "string" ? (p[k] as string) : "");
    if (str("client_id") !== clientId) return send(401, page("Error 401: invalid_client", "The OAuth client was not found."));
    const redirectUri = str("redirect_uri");
    if (!/^https?:\/\//.test(redirectUri) || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
      return send(400, page("Error 400: redirect_uri_mismatch", "The redirect URI in the request does not match the ones registered."));
    }
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [k, v] of Object.entries({ ...params, ...(str("state") ? { state: str("state") } : {}) })) target.searchParams.set(k, v);
      send(302, "", { location: target.toString() });
    };
    if (str("response_type") !== "code") return back({ error: "unsupported_response_type" });
    const asked = str("scope").split(/\s+/).filter(Boolean);
    if (!asked.length) return send(400, page("Error 400: invalid_request", "Missing required parameter: scope"));
    if (method === "GET") return send(200, consentPage(url.pathname, p as Record<string, string>, [...users.keys()], asked));
    if (str("decision") !== "allow") return back({ error: "access_denied" });
    const granted = asked.filter((s) => s !== READ_SCOPE || p.grant_gsc === "on");
    const code = mintCode({ email: str("account"), redirectUri, scopes: granted, offline: str("access_type") === "offline", consent: str("prompt").split(" ").includes("consent") });
    back({ code, scope: granted.join(" ") });
  }

  function tokenEndpoint(req: http.IncomingMessage, p: Record<string, unknown> | null, send: Send) {
    if (req.method !== "POST") return send(405, { error: "invalid_request", error_description: "Method not allowed" });
    const form = (p ?? {}) as Record<string, string>;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    const [basicId, basicSecret] = basic ? Buffer.from(basic[1], "base64").toString().split(":").map(decodeURIComponent) : [];
    const id = form.client_id ?? basicId;
    const secret = form.client_secret ?? basicSecret;
    if (!id) return send(400, { error: "invalid_request", error_description: "Could not determine client ID from request." });
    if (id !== clientId) return send(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    if (secret !== clientSecret) return send(401, { error: "invalid_client", error_description: "Unauthorized" });

    if (form.grant_type === "authorization_code") {
      if (!form.code) return send(400, { error: "invalid_request", error_description: "Missing required parameter: code" });
      const code = codes.get(form.code);
      if (!code || code.used || code.clientId !== id || code.expiresAt <= clock().getTime()) return send(400, { error: "invalid_grant", error_description: "Bad Request" });
      if (form.redirect_uri !== code.redirectUri) return send(400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
      code.used = true;
      const hadGrant = [...grants.values()].some((g) => g.email === code.email && g.clientId === id && !g.revoked && [...refreshTokens.values()].includes(g.id));
      const grant = issueGrant(code.email, code.scopes, id);
      // A refresh token comes with offline access, on the first consent or a forced one.
      const refresh = code.offline && (code.consent || !hadGrant) ? token("1//fake-refresh-") : null;
      if (refresh) refreshTokens.set(refresh, grant.id);
      return send(200, { access_token: issueAccess(grant), expires_in: options.accessTokenTtlSeconds ?? 3599, ...(refresh ? { refresh_token: refresh } : {}), scope: code.scopes.join(" "), token_type: "Bearer" });
    }
    if (form.grant_type === "refresh_token") {
      if (!form.refresh_token) return send(400, { error: "invalid_request", error_description: "Missing required parameter: refresh_token" });
      const grant = grants.get(refreshTokens.get(form.refresh_token) ?? "");
      if (!grant || grant.revoked || grant.clientId !== id) return send(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      return send(200, { access_token: issueAccess(grant), expires_in: options.accessTokenTtlSeconds ?? 3599, scope: grant.scopes.join(" "), token_type: "Bearer" });
    }
    send(400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${form.grant_type ?? ""}` });
  }

  function api(route: "sites" | "inspect" | "searchAnalytics", req: http.IncomingMessage, url: URL, body: Record<string, unknown> | null, send: Send) {
    if (req.method !== (route === "sites" ? "GET" : "POST")) return send(404, apiError(404, "Requested entity was not found.", "NOT_FOUND"));
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    const grant = access && access.expiresAt > clock().getTime() ? grants.get(access.grantId) : undefined;
    if (!grant || grant.revoked) {
      return send(401, apiError(401, "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.", "UNAUTHENTICATED"));
    }
    if (!grant.scopes.some((s) => s === READ_SCOPE || s === WRITE_SCOPE)) return send(403, apiError(403, "Request had insufficient authentication scopes.", "PERMISSION_DENIED"));
    const sites = users.get(grant.email) ?? [];
    if (route === "sites") return send(200, sites.length ? { siteEntry: sites } : {});
    if (route === "searchAnalytics") return searchAnalytics(sites, siteOfPath(url.pathname) ?? "", body, send);

    if (!body || typeof body.inspectionUrl !== "string" || typeof body.siteUrl !== "string" || !body.inspectionUrl || !body.siteUrl) {
      return send(400, apiError(400, "Request contains an invalid argument.", "INVALID_ARGUMENT"));
    }
    const site = sites.find((s) => propertyKey(s.siteUrl) === propertyKey(body.siteUrl as string));
    if (!site || site.permissionLevel === "siteUnverifiedUser" || !inside(body.inspectionUrl, site.siteUrl)) {
      return send(403, apiError(403, NOT_OWNED, "PERMISSION_DENIED"));
    }
    const u = currentUsage(propertyKey(site.siteUrl));
    const over = u.usedToday >= limits.perDay ? "day" : u.usedThisMinute >= limits.perMinute ? "minute" : null;
    if (over) {
      return send(429, apiError(429, `Quota exceeded for quota metric 'URL inspection requests' and limit 'URL inspection requests per ${over} per property' of the service.`, "RESOURCE_EXHAUSTED"));
    }
    u.usedToday++;
    u.usedThisMinute++;
    const scripted = inspections.has(body.inspectionUrl) ? inspections.get(body.inspectionUrl) : UNKNOWN_URL;
    const link = `${baseUrl}/inspect?resource_id=${encodeURIComponent(site.siteUrl)}&id=${encodeURIComponent(body.inspectionUrl)}`;
    send(200, { inspectionResult: { inspectionResultLink: link, ...(scripted ? { indexStatusResult: scripted } : {}) } });
  }

  function searchAnalytics(sites: FakeSite[], siteUrl: string, body: Record<string, unknown> | null, send: Send) {
    const site = sites.find((s) => propertyKey(s.siteUrl) === propertyKey(siteUrl));
    if (!site || site.permissionLevel === "siteUnverifiedUser") {
      return send(403, apiError(403, `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`, "PERMISSION_DENIED"));
    }
    const failure = saFailures.shift();
    if (failure !== undefined) return send(failure, failureEnvelope(failure));
    const answer = answerSearchAnalytics(performance.get(propertyKey(site.siteUrl)) ?? [], body ?? {}, pacificDate(clock()), saLimits);
    send(answer.status, answer.body);
  }

  function currentUsage(key: string): Usage {
    const now = clock();
    const day = pacificDate(now);
    const minute = now.toISOString().slice(0, 16);
    const u = usage.get(key) ?? { day, usedToday: 0, minute, usedThisMinute: 0 };
    if (u.day !== day) Object.assign(u, { day, usedToday: 0 });
    if (u.minute !== minute) Object.assign(u, { minute, usedThisMinute: 0 });
    usage.set(key, u);
    return u;
  }

  const searchAnalyticsRequests = (siteUrl: string) =>
    requests.filter((r) => r.route === "searchAnalytics" && propertyKey(siteOfPath(r.path) ?? "") === propertyKey(siteUrl));

  const sockets = new Set<Socket>();
  server.on("connection", (s) => { sockets.add(s); s.once("close", () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    authorizeUrl: `${baseUrl}${AUTHORIZE_PATH}`,
    tokenUrl: `${baseUrl}${TOKEN_PATH}`,
    apiBaseUrl: baseUrl,
    clientId,
    clientSecret,
    requests,
    /** The settings that point the app at this fake. */
    env: () => ({ GSC_OAUTH_AUTHORIZE_URL: `${baseUrl}${AUTHORIZE_PATH}`, GSC_OAUTH_TOKEN_URL: `${baseUrl}${TOKEN_PATH}`, GSC_API_BASE_URL: baseUrl, GSC_CLIENT_ID: clientId, GSC_CLIENT_SECRET: clientSecret }),
    addUser: (email: string, sites: FakeSite[] = []) => addUser(email, sites),
    setSites: (email: string, sites: FakeSite[]) => { users.set(email.toLowerCase(), sites); },
    /** A code as the consent page would give it (offline access and forced consent by default). */
    mintCode,
    /** Tokens for a user without the OAuth dance. */
    issueTokens(email: string, scopes = [READ_SCOPE]) {
      const grant = issueGrant(email, scopes);
      const refreshToken = token("1//fake-refresh-");
      refreshTokens.set(refreshToken, grant.id);
      return { accessToken: issueAccess(grant), refreshToken };
    },
    /** The user removes access (or the grant expires): refresh answers invalid_grant, access tokens 401. */
    revoke(refreshTokenOrEmail: string) {
      for (const g of grants.values()) if (g.email === refreshTokenOrEmail.toLowerCase() || refreshTokens.get(refreshTokenOrEmail) === g.id) g.revoked = true;
    },
    expireAccessTokens: () => { for (const a of accessTokens.values()) a.expiresAt = 0; },
    /** The `indexStatusResult` answered for this URL; null answers an inspection result without one. */
    setInspection: (inspectionUrl: string, indexStatusResult: Record<string, unknown> | null) => { inspections.set(inspectionUrl, indexStatusResult); },
    /** Another tool spends this property's quota (today, and this minute when asked). */
    drainQuota(siteUrl: string, count: number, scope: "day" | "minute" = "day") {
      const u = currentUsage(propertyKey(siteUrl));
      u.usedToday += count;
      if (scope === "minute") u.usedThisMinute += count;
    },
    quotaUsage: (siteUrl: string) => { const u = currentUsage(propertyKey(siteUrl)); return { usedToday: u.usedToday, usedThisMinute: u.usedThisMinute }; },
    setClock: (now: Date | (() => Date) | null) => { clock = now === null ? (options.now ?? (() => new Date())) : typeof now === "function" ? now : () => now; },
    /** The Search Analytics rows of a property (replacing any before), and more of them. */
    setSearchAnalytics: (siteUrl: string, rows: FakeSearchAnalyticsRow[]) => { performance.set(propertyKey(siteUrl), [...rows]); },
    addSearchAnalytics: (siteUrl: string, rows: FakeSearchAnalyticsRow[]) => {
      performance.set(propertyKey(siteUrl), [...(performance.get(propertyKey(siteUrl)) ?? []), ...rows]);
    },
    setSearchAnalyticsLimits: (limits: SearchAnalyticsLimits) => { Object.assign(saLimits, limits); },
    /** The next `count` queries (that pass authentication and the property check) fail: 429 is the documented RESOURCE_EXHAUSTED. */
    failSearchAnalytics: (count: number, status = 429) => { for (let i = 0; i < count; i++) saFailures.push(status); },
    /** Search Analytics requests received for a property (whatever the answer), and their bodies. */
    searchAnalyticsQueries: (siteUrl: string) => searchAnalyticsRequests(siteUrl).length,
    searchAnalyticsBodies: (siteUrl: string) => searchAnalyticsRequests(siteUrl).map((r) => r.body),
    /** One-shot answers for a route, before any check. */
    failNext: (route: FakeRoute, ...replies: FakeReply[]) => { queues.set(route, [...(queues.get(route) ?? []), ...replies]); },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeGsc = Awaited<ReturnType<typeof startFakeGsc>>;

function apiError(code: number, message: string, status: string) {
  return { error: { code, message, status } };
}

/** A property's identity: "sc-domain:" and scheme/host compare case-insensitively; prefixes end in "/". */
function propertyKey(siteUrl: string): string {
  const s = siteUrl.trim();
  if (/^sc-domain:/i.test(s)) return s.toLowerCase();
  try { const u = new URL(s); return `${u.protocol}//${u.host}${u.pathname.endsWith("/") ? u.pathname : `${u.pathname}/`}`; } catch { return s; }
}

function inside(inspectionUrl: string, siteUrl: string): boolean {
  let target: URL;
  try { target = new URL(inspectionUrl); } catch { return false; }
  if (target.protocol !== "http:" && target.protocol !== "https:") return false;
  const key = propertyKey(siteUrl);
  if (key.startsWith("sc-domain:")) {
    const domain = key.slice("sc-domain:".length);
    return target.hostname === domain || target.hostname.endsWith(`.${domain}`);
  }
  return `${target.protocol}//${target.host}${target.pathname}`.startsWith(key);
}

function siteOfPath(path: string): string | null {
  const encoded = SEARCH_ANALYTICS_PATH.exec(path)?.[1];
  try { return encoded === undefined ? null : decodeURIComponent(encoded); } catch { return null; }
}

const FAILURES: Record<number, [string, string]> = {
  400: ["INVALID_ARGUMENT", "Request contains an invalid argument."],
  401: ["UNAUTHENTICATED", "Request had invalid authentication credentials."],
  403: ["PERMISSION_DENIED", "The caller does not have permission."],
  429: ["RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Search Analytics load' of the service."],
  500: ["INTERNAL", "Internal error encountered."],
  503: ["UNAVAILABLE", "The service is currently unavailable."],
};

function failureEnvelope(status: number) {
  const [name, message] = FAILURES[status] ?? ["UNKNOWN", "Unknown error."];
  return apiError(status, message, name);
}

type SaGroup = { page?: string; date?: string; clicks: number; impressions: number; positionSum: number; weight: number };
const SA_DIMENSIONS = new Set(["page", "date"]); // the fake holds no query, country, device... data
const SA_TYPES = new Set(["web", "image", "video", "news", "discover", "googleNews"]);
const MAX_ROW_LIMIT = 25_000;

/** A Search Analytics query over a property's rows, as ENGINES.md describes it. */
function answerSearchAnalytics(
  data: FakeSearchAnalyticsRow[], b: Record<string, unknown>, today: string, limits: Required<SearchAnalyticsLimits>,
): { status: number; body: unknown } {
  const bad = (message: string) => ({ status: 400, body: apiError(400, message, "INVALID_ARGUMENT") });
  const { startDate, endDate } = b;
  if (!isDay(startDate) || !isDay(endDate)) return bad("Request contains an invalid argument: startDate and endDate must be YYYY-MM-DD dates.");
  if (startDate > endDate) return bad("Request contains an invalid argument: startDate is after endDate.");
  const dimensions = b.dimensions ?? [];
  if (!Array.isArray(dimensions) || dimensions.some((d) => !SA_DIMENSIONS.has(d)) || new Set(dimensions).size !== dimensions.length) {
    return bad("Request contains an invalid argument: dimensions (this fake knows page and date).");
  }
  const dims = dimensions as ("page" | "date")[];
  const type = b.type ?? "web";
  const dataState = b.dataState ?? "final";
  const aggregationType = b.aggregationType ?? "auto";
  if (typeof type !== "string" || !SA_TYPES.has(type)) return bad("Request contains an invalid argument: type.");
  if (dataState !== "final" && dataState !== "all") return bad("Request contains an invalid argument: dataState.");
  if (!["auto", "byPage", "byProperty"].includes(aggregationType as string)) return bad("Request contains an invalid argument: aggregationType.");
  if (aggregationType === "byProperty" && dims.includes("page")) return bad("Request contains an invalid argument: cannot group by page when aggregating by property.");
  const rowLimit = b.rowLimit ?? 1000;
  const startRow = b.startRow ?? 0;
  if (!Number.isInteger(rowLimit) || (rowLimit as number) < 1 || (rowLimit as number) > MAX_ROW_LIMIT) return bad(`Request contains an invalid argument: rowLimit must be 1..${MAX_ROW_LIMIT}.`);
  if (!Number.isInteger(startRow) || (startRow as number) < 0) return bad("Request contains an invalid argument: startRow.");
  const keep = pageFilter(b.dimensionFilterGroups);
  if (!keep) return bad("Request contains an invalid argument: dimensionFilterGroups (this fake filters on page).");

  const firstFresh = addDays(today, -limits.freshDays);
  const selected = type !== "web" ? [] : topPerDay(group(data, ["page", "date"]), limits.maxRowsPerDay)
    .filter((r) => r.date! >= startDate && r.date! <= endDate && (dataState === "all" || r.date! < firstFresh) && keep(r.page!));
  // Rows are already one per page and date: group again only to drop a dimension.
  const rows = (dims.length === 2 ? selected : group(selected, dims))
    .sort(byClicks)
    .slice(startRow as number, (startRow as number) + (rowLimit as number))
    .map((g) => ({
      ...(dims.length ? { keys: dims.map((d) => g[d]!) } : {}),
      clicks: g.clicks, impressions: g.impressions, ctr: g.impressions ? g.clicks / g.impressions : 0, position: g.positionSum / g.weight,
    }));
  const fresh = dataState === "all" && selected.some((r) => r.date! >= firstFresh);
  return { status: 200, body: {
    ...(rows.length ? { rows } : {}),
    responseAggregationType: dims.includes("page") || aggregationType === "byPage" ? "byPage" : "byProperty",
    ...(fresh ? { metadata: { firstIncompleteDate: firstFresh } } : {}),
  } };
}

/** Sums rows (scripted ones or groups) with the same keys; the position is the impressions-weighted mean (a row without impressions weighs 1). */
function group(rows: (FakeSearchAnalyticsRow | SaGroup)[], dims: ("page" | "date")[]): SaGroup[] {
  const groups = new Map<string, SaGroup>();
  for (const r of rows) {
    const key = dims.map((d) => r[d]).join("\n");
    let g = groups.get(key);
    if (!g) {
      g = { page: dims.includes("page") ? r.page : undefined, date: dims.includes("date") ? r.date : undefined, clicks: 0, impressions: 0, positionSum: 0, weight: 0 };
      groups.set(key, g);
    }
    const weight = "weight" in r ? r.weight : r.impressions || 1;
    g.clicks += r.clicks;
    g.impressions += r.impressions;
    g.positionSum += "positionSum" in r ? r.positionSum : (r.position ?? 1) * weight;
    g.weight += weight;
  }
  return [...groups.values()];
}

/** Clicks descending; then impressions descending, page and date, so that pages never overlap. */
function byClicks(a: SaGroup, b: SaGroup): number {
  return b.clicks - a.clicks || b.impressions - a.impressions || cmp(a.page ?? "", b.page ?? "") || cmp(a.date ?? "", b.date ?? "");
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function topPerDay(rows: SaGroup[], max: number): SaGroup[] {
  const days = new Map<string, SaGroup[]>();
  for (const r of rows) {
    const day = days.get(r.date!);
    if (day) day.push(r); else days.set(r.date!, [r]);
  }
  return [...days.values()].flatMap((day) => (day.length > max ? day.sort(byClicks).slice(0, max) : day));
}

/** The `page` filters of dimensionFilterGroups ("and" of every filter), or null when they ask for something else. */
function pageFilter(groups: unknown): ((page: string) => boolean) | null {
  if (groups === undefined) return () => true;
  if (!Array.isArray(groups)) return null;
  const tests: ((page: string) => boolean)[] = [];
  for (const g of groups as ({ groupType?: string; filters?: ({ dimension?: string; operator?: string; expression?: string } | null)[] } | null)[]) {
    if (!g || (g.groupType ?? "and") !== "and" || !Array.isArray(g.filters)) return null;
    for (const f of g.filters) {
      if (!f || f.dimension !== "page" || typeof f.expression !== "string") return null;
      const x = f.expression;
      let re: RegExp | null = null;
      if (f.operator === "includingRegex" || f.operator === "excludingRegex") { try { re = new RegExp(x); } catch { return null; } }
      const op = f.operator ?? "equals";
      const test = op === "equals" ? (p: string) => p === x : op === "notEquals" ? (p: string) => p !== x
        : op === "contains" ? (p: string) => p.toLowerCase().includes(x.toLowerCase()) : op === "notContains" ? (p: string) => !p.toLowerCase().includes(x.toLowerCase())
          : op === "includingRegex" ? (p: string) => re!.test(p) : op === "excludingRegex" ? (p: string) => !re!.test(p) : null;
      if (!test) return null;
      tests.push(test);
    }
  }
  return (page) => tests.every((t) => t(page));
}

function isDay(s: unknown): s is string {
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function pacificDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(contentType: string | undefined, raw: string): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    if (contentType?.includes("application/json")) { const v = JSON.parse(raw); return v && typeof v === "object" ? v : null; }
    return Object.fromEntries(new URLSearchParams(raw));
  } catch { return null; }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1><p>${esc(text)}</p></main></body></html>`;
}

function consentPage(action: string, p: Record<string, string>, emails: string[], scopes: string[]): string {
  const keep = ["client_id", "redirect_uri", "response_type", "scope", "state", "access_type", "prompt", "include_granted_scopes"];
  const hidden = keep.filter((k) => p[k] !== undefined).map((k) => `<input type="hidden" name="${k}" value="${esc(p[k])}">`).join("");
  const accounts = emails.map((e) => `<option value="${esc(e)}">${esc(e)}</option>`).join("");
  const scopeBox = scopes.includes(READ_SCOPE)
    ? `<p><input type="checkbox" id="grant_gsc" name="grant_gsc" checked><label for="grant_gsc">View your Search Console data</label></p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Fake Google Search Console</title></head><body><main>
<h1>Fake Google Search Console: grant access</h1><p>An application asks for access to your Search Console data.</p>
<form method="post" action="${esc(action)}">${hidden}
<p><label for="account">Account</label> <select id="account" name="account">${accounts}</select></p>${scopeBox}
<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`;
}
