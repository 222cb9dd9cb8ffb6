// OpenAPI registrations of rendering: a URL's render (raw vs rendered), the project's rendering and AI access.
import { z } from "zod";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { AiAccessResponse, renderBody, RenderingResponse, renderingSettingsBody, RenderResponse } from "@/lib/rendering/schemas";
import { urlParams } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Rendering"];
const SAFETY = "Every request the page makes goes through the same SSRF rules as an audit (no private, loopback, link-local or metadata address, "
  + "checked at connect time), at most 150 requests, 15 MB and 20 s per page; no WebSocket, service worker, download, permission or popup.";

export const postUrlRenderOp = defineOperation({
  method: "POST", path: `${P}/urls/{urlId}/render`, tags, scopes: W, params: urlParams, body: renderBody, optionalBody: true, response: RenderResponse,
  errors: ["INSUFFICIENT_CREDITS", "CONFLICT", "RATE_LIMITED", "RENDERER_UNAVAILABLE"],
  summary: "Render the URL in headless Chromium now (credits: `price` of GET …/rendering)",
  description: "Fetches the raw HTML, renders the page as Google does (robots.txt applies to every resource for Googlebot: what it forbids is not fetched "
    + `and is listed), and answers raw and rendered side by side with their differences. ${SAFETY} Refusals, in order: 503 RENDERER_UNAVAILABLE when `
    + "this server has no browser; 402 INSUFFICIENT_CREDITS (`meta.required`, `meta.available`); 409 CONFLICT (`meta.price`) without `confirm: true`, "
    + "nothing spent; 429 when 4 renders of the project already run. The credits are debited when the render is stored (a failure of the page, e.g. "
    + "a timeout, is a render; a failure of our renderer is not charged). The latest render replaces the previous one.",
});
export const getUrlRenderOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/render`, tags, scopes: R, params: urlParams, response: RenderResponse,
  summary: "The URL's latest render (raw vs rendered)",
  description: "Raw and rendered facts (meta robots, canonical, title, meta description, first H1, hreflang, structured data types, internal links, visible "
    + "text length and hash), `differences` (most consequential first), console errors, failed requests and those robots.txt forbids Googlebot, the text "
    + "ratio and the screenshot's URL. `googleRenders` is false when the raw HTML says noindex: Google does not render such a page. 404 before the first render.",
});
export const getUrlRenderScreenshotOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/render/screenshot`, tags, scopes: R, params: urlParams, response: z.string(), rawResponse: true, responseContentType: "image/jpeg",
  summary: "The latest render's screenshot (JPEG)",
  description: "The top of the rendered page, 800 px wide (at most 1000 px tall), under 100 KB; kept for the latest render only. 404 NOT_FOUND (error envelope) without one.",
});
export const getRenderingOp = defineOperation({
  method: "GET", path: `${P}/rendering`, tags, scopes: R, params: projectParams, response: RenderingResponse,
  summary: "The project's rendering: renderer state, price, sample settings, differences by kind and section, the AI view",
  description: "`renderer.available` is false (with `reason`) on a server without a browser. `aiView.pagesUnderFifth` counts rendered pages whose raw HTML holds "
    + "under a fifth of the rendered text (what GPTBot, ClaudeBot and PerplexityBot, which do not run JavaScript, read), out of `aiView.sampled`.",
});
export const putRenderingOp = defineOperation({
  method: "PUT", path: `${P}/rendering`, tags, scopes: W, params: projectParams, body: renderingSettingsBody, response: RenderingResponse,
  summary: "Set the weekly render sample",
  description: "`samplePerSection` (0-100, default 5): pages rendered each week per first path segment, highest priority and most clicks first, at most 100 "
    + "per project; `cadence` `weekly` or `off`. Sample renders spend the same credits as on-demand ones, skipped while the balance cannot pay.",
});
export const getAiAccessOp = defineOperation({
  method: "GET", path: `${P}/ai-access`, tags, scopes: R, params: projectParams, response: AiAccessResponse,
  summary: "What the site allows AI crawlers, per crawler and use (search, training, user)",
  description: "Reads the live robots.txt (each AI crawler's token against the home page, Google-Extended, Cloudflare `Content-Signal` lines: `search`, "
    + "`ai-train` → training, `ai-input` → user-triggered), the snippet controls of rendered pages (`nosnippet`, `max-snippet`, `data-nosnippet`) "
    + "and whether /llms.txt answers (present or not; nothing more is claimed).",
});
