import { z } from "zod";
import { DomainError } from "@/lib/core/errors";
import { renderUrlNow } from "@/lib/rendering/on-demand";
import { RENDER_CREDITS } from "@/lib/rendering/render-url";
import type { RenderResponse } from "@/lib/rendering/schemas";
import { postUrlRenderOp } from "../../operations/rendering";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, urlId, confirm, uid, ToolRefusal } from "../tool";

const renderUrlInput = z.object({ projectId, urlId, confirm });
const price = () => `${RENDER_CREDITS} credit${RENDER_CREDITS === 1 ? "" : "s"}`;

/** What an assistant reads of a render: the verdict, the differences first, then both sides' facts (without the link samples). */
export function renderSummary(r: RenderResponse) {
  const facts = (f: RenderResponse["raw"]) => {
    if (!f) return null;
    const { internalLinkSample: _sample, ...rest } = f;
    return rest;
  };
  return {
    url: r.url, renderedAt: r.renderedAt, status: r.status, failureReason: r.failureReason, httpStatus: r.httpStatus, finalUrl: r.finalUrl,
    googleRenders: r.googleRenders, textRatio: r.textRatio, differences: r.differences, issues: r.issues,
    raw: facts(r.raw), rendered: facts(r.rendered), consoleErrors: r.consoleErrors, failedRequests: r.failedRequests.length,
    robotsBlockedResources: r.robotsBlockedResources, requestCount: r.requestCount, bytes: r.bytes, durationMs: r.durationMs, screenshotUrl: r.screenshotUrl,
  };
}

export const renderUrlTool: ToolDef = {
  name: "render_url", title: "Render one URL as Google does",
  description: `COSTS ${RENDER_CREDITS} CREDITS. Renders one tracked URL now in headless Chromium, as Google renders it before indexing (robots.txt for `
      + "Googlebot applies to every script and style), and answers the raw HTML beside the rendered page: the differences first (noindex, canonical, "
      + "text, title, H1, meta description, hreflang, structured data, internal links), the status, `textRatio` (the share of the rendered text "
      + "already in the raw HTML: what GPTBot, ClaudeBot and PerplexityBot, which run no JavaScript, read), the failure reason, and the rendering "
      + "issues raised. `googleRenders: false` when the raw HTML says noindex: Google then never renders it. Refused unless called with `confirm: true` "
      + "after the user agreed to the cost; INSUFFICIENT_CREDITS under the price, RENDERER_UNAVAILABLE on a server without a browser, RATE_LIMITED "
      + "while 4 renders of the project run. The latest render replaces the previous one; get_url does not show it, render_url's answer does.",
  input: renderUrlInput,
  cost: price(),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (caller, args) => {
    const render = await callOperation(caller, postUrlRenderOp, { ids: uid(args) }, async ({ ctx, params }) => {
      // The API's order of refusals (404, 503, 402, then the confirmation), the confirmation in the form every tool that spends credits uses.
      try {
        return await renderUrlNow({ ctx, projectId: params.id, urlId: params.urlId, confirm: args.confirm === true });
      } catch (e) {
        if (e instanceof DomainError && e.code === "CONFLICT" && args.confirm !== true) {
          throw new ToolRefusal("CONFIRMATION_REQUIRED", `render_url spends credits (${price()}). Ask the user, then call it again with confirm: true.`, { cost: price(), price: RENDER_CREDITS });
        }
        throw e;
      }
    });
    return { render: renderSummary(render), cost: { credits: RENDER_CREDITS } };
  },
};
