import { missingScopes, W } from "@/lib/auth/scopes";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { db } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toShareLinkResponse } from "./internal";

/**
 * The project's share links, newest first, revoked and expired ones included (with their status); the URL of those that
 * answer only to a caller who may create and revoke links (a session, or an API key with projects:write). A live URL is a
 * credential of its own that outlives the key that read it: a read-only key sees each link's state, never its address.
 */
export async function listShareLinks(ctx: OrgCtx, projectId: string, page: Pagination, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: ctx.org.id };
  const [total, rows] = await Promise.all([
    db.shareLink.count({ where }),
    db.shareLink.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
  ]);
  const showUrls = mayManageLinks(ctx);
  return { data: rows.map((r) => ({ ...toShareLinkResponse(r, now), ...(showUrls ? {} : { url: null }) })), meta: pageMeta(total, page) };
}

function mayManageLinks(ctx: OrgCtx): boolean {
  if (ctx.actor.type === "apiKey") return missingScopes(ctx.actor.scopes, W).length === 0;
  return ctx.actor.type === "user";
}
