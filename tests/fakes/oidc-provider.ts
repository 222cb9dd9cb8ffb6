// A real OpenID Connect provider (the oidc-provider package, certified) on 127.0.0.1, with an issuer name
// reached through CONNECT_TO (e.g. `idp.test:80:127.0.0.1:<port>`). Its login and consent are automatic:
// the test says who signs in next (`signInAs`), and a small browser (`browse`) follows the redirects with
// a cookie jar, as a person's browser would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type FakeAccount = { email: string; email_verified: boolean; name?: string };

export type FakeOidc = {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction logs in (created on the fly), in a fresh browser (no provider session). */
  signInAs(account: FakeAccount): void;
  /** GETs `url` on the provider and follows its redirects while they stay on the provider; answers the first location elsewhere. */
  browse(url: string): Promise<string>;
  close(): Promise<void>;
};

export async function startFakeOidc(opts: {
  host?: string; redirectUri: string; clientId?: string; clientSecret?: string;
  /** Listen on this port, with the issuer http://127.0.0.1:<port> (a real browser reaches it; the app through a CONNECT_TO entry naming it). */
  port?: number;
}): Promise<FakeOidc> {
  const host = opts.port ? `127.0.0.1:${opts.port}` : (opts.host ?? "idp.test");
  const issuer = `http://${host}`;
  const clientId = opts.clientId ?? "indexwatch-test";
  const clientSecret = opts.clientSecret ?? "test-client-secret-0123456789abcdef";
  const accounts = new Map<string, FakeAccount>();
  let next: string | null = null;

  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: [opts.redirectUri],
      grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "client_secret_post",
    }],
    findAccount: (_ctx, id) => (accounts.has(id) ? { accountId: id, claims: () => ({ sub: id, ...accounts.get(id)! }) } : undefined),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ["fake-oidc-cookie-key"] },
  });
  provider.on("server_error", (_ctx, error) => console.error("[fake-oidc]", error));
  const callback = provider.callback();

  const server = http.createServer(async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        if (!next) throw new Error("no account to sign in: call signInAs first");
        await provider.interactionFinished(req, res, { login: { accountId: next } }, { mergeWithLastSubmission: false });
      } else {
        const accountId = details.session!.accountId;
        const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope("openid email profile");
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      }
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(e));
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const jar = new Map<string, string>();
  function get(url: URL): Promise<{ status: number; location: string | null }> {
    return new Promise((resolve, reject) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      http.get({ host: "127.0.0.1", port, path: `${url.pathname}${url.search}`, headers: { host, ...(cookie ? { cookie } : {}) } }, (res) => {
        for (const c of res.headers["set-cookie"] ?? []) {
          const [pair] = c.split(";");
          const i = pair.indexOf("=");
          jar.set(pair.slice(0, i), pair.slice(i + 1));
        }
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null }));
      }).on("error", reject);
    });
  }

  return {
    issuer, port, clientId, clientSecret,
    signInAs(account) {
      const id = `acct-${account.email}`;
      accounts.set(id, account);
      next = id;
      jar.clear();
    },
    async browse(start) {
      let url = new URL(start);
      for (let hop = 0; hop < 20; hop++) {
        const r = await get(url);
        if (!r.location) throw new Error(`the provider answered ${r.status} without a redirect at ${url.href}`);
        const target = new URL(r.location, url);
        if (target.host !== host) return target.href;
        url = target;
      }
      throw new Error("too many redirects at the provider");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
