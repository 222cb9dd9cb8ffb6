import { route } from "@/lib/api/route";
import { getGscPropertiesOp, postGscPropertyOp } from "@/lib/api/operations/gsc-properties";
import { created, ok } from "@/lib/api/envelope";
import { addGscProperty, listGscProperties } from "@/lib/connections/gsc-properties";

// GET …/projects/{id}/gsc/properties — the main property and the pooled ones, with their quota use today
export const GET = route(getGscPropertiesOp, async ({ ctx, params }) => ok(await listGscProperties(ctx, params.id)));

// POST …/projects/{id}/gsc/properties — pool a URL-prefix property of the connected account
export const POST = route(postGscPropertyOp, async ({ ctx, params, body }) => created(await addGscProperty(ctx, params.id, body.propertyUrl)));
