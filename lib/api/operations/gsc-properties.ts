// OpenAPI registrations of the pooled console properties: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { z } from "zod";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { addGscPropertyBody, gscPropertyParams, GscPropertyResponse } from "@/lib/connections/schemas";
import { defineOperation } from "../operation";

const path = "/api/user/organizations/{organizationId}/projects/{id}/gsc/properties";
const tags = ["Connections"];

export const getGscPropertiesOp = defineOperation({
  method: "GET", path, tags, scopes: R, params: projectParams, response: GscPropertyResponse, responseIsList: true,
  summary: "The project's Google Search Console properties",
  description: "The main property (role `main`, its id is the project's) and the pooled URL-prefix properties (role `pooled`), each with its URL Inspection "
    + "quota use today (2,000 a Pacific day and 600 a minute per property) and the tracked URLs it covers. Empty when Google Search Console is not connected. "
    + "A URL is inspected through the most specific property that covers it and has quota left.",
});
export const postGscPropertyOp = defineOperation({
  method: "POST", path, tags, scopes: W, params: projectParams, body: addGscPropertyBody, response: GscPropertyResponse, created: true,
  summary: "Pool a URL-prefix property of the connected account",
  description: "`propertyUrl` is a URL-prefix property (e.g. `https://example.com/blog/`) on the project's domain, listed for the connected account with a verified "
    + "permission. 400 VALIDATION_ERROR when it is not a URL prefix or lies outside the domain; 409 CONFLICT when Google Search Console is not connected, "
    + "the property is already used, or 20 are pooled; 409 PROPERTY_NOT_COVERED (`meta.reason` `not_listed` or `unverified`) when the account cannot use it.",
});
export const deleteGscPropertyOp = defineOperation({
  method: "DELETE", path: `${path}/{propertyId}`, tags, scopes: W, params: gscPropertyParams, response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
  summary: "Remove a pooled property",
  description: "The main property goes with `DELETE …/gsc` (409 CONFLICT here).",
});
