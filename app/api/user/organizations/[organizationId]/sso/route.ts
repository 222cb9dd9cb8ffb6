import { route } from "@/lib/api/route";
import { deleteOrganizationSsoOp, getOrganizationSsoOp, putOrganizationSsoOp } from "@/lib/api/operations/sso";
import { ok } from "@/lib/api/envelope";
import { deleteSso } from "@/lib/sso/delete-sso";
import { getSso } from "@/lib/sso/get-sso";
import { putSso } from "@/lib/sso/put-sso";
import { safeOidcFetch } from "@/lib/api/oidc-fetch";


// GET/PUT/DELETE …/sso — the organization's OIDC provider (never its secret) and domain claims; owners change it
export const GET = route(getOrganizationSsoOp, async ({ ctx }) => ok(await getSso(ctx)));
export const PUT = route(putOrganizationSsoOp, async ({ ctx, body }) => ok(await putSso(ctx, body, safeOidcFetch)));
export const DELETE = route(deleteOrganizationSsoOp, async ({ ctx }) => ok(await deleteSso(ctx)));
