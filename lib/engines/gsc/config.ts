// Base URLs are read at call time so tests (and operators) can point them at another server.
export const GSC_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
export const GSC_LANGUAGE = "en-US"; // coverage texts are localized; the mapping reads English

const DEFAULTS = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  api: "https://searchconsole.googleapis.com",
};

const read = (name: string, fallback: string) => process.env[name]?.trim() || fallback;

export const authorizeEndpoint = () => read("GSC_OAUTH_AUTHORIZE_URL", DEFAULTS.authorize);
export const tokenEndpoint = () => read("GSC_OAUTH_TOKEN_URL", DEFAULTS.token);
/** `path` is appended to GSC_API_BASE_URL, whether or not the base ends with "/". */
export const apiUrl = (path: string) => `${read("GSC_API_BASE_URL", DEFAULTS.api).replace(/\/+$/, "")}${path}`;
