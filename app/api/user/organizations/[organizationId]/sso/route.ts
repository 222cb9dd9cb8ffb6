import { orgParams, route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { deleteSso, getSso, putSso } from "@/lib/sso/sso-config";
import { putSsoBody } from "@/lib/sso/schemas";

const OW = ["organization:write", "organization:read"] as const;

// GET/PUT/DELETE …/sso — the organization's OIDC provider (never its secret) and domain claims; owners change it
export const GET = route({ scopes: ["organization:read"], params: orgParams }, async ({ ctx }) => ok(await getSso(ctx)));
export const PUT = route({ scopes: [...OW], permission: "sso.manage", params: orgParams, body: putSsoBody }, async ({ ctx, body }) => ok(await putSso(ctx, body)));
export const DELETE = route({ scopes: [...OW], permission: "sso.manage", params: orgParams }, async ({ ctx }) => ok(await deleteSso(ctx)));
