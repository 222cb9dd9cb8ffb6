// OpenAPI registrations of the priorities area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { PrioritiesBody, PrioritiesResponse } from "@/lib/priorities/schemas";
import { defineOperation } from "../operation";

const path = "/api/user/organizations/{organizationId}/projects/{id}/priorities";
const tags = ["URLs"];

export const getPrioritiesOp = defineOperation({
  method: "GET", path, tags, scopes: R, params: projectParams, response: PrioritiesResponse,
  summary: "The project's URL priority rules",
  description: "Rules by path prefix, longest first: the longest prefix a URL's path (with its query) starts with gives its `priority`.",
});
export const putPrioritiesOp = defineOperation({
  method: "PUT", path, tags, scopes: W, params: projectParams, body: PrioritiesBody, response: PrioritiesResponse,
  summary: "Replace the project's URL priority rules",
  description: "At most 100 rules, each `{pathPrefix, priority}` with a path prefix starting with `/` (compared literally, case-sensitive) and a priority "
    + "`high`, `normal` or `low`; each prefix once. Every tracked URL's `priority` is set from the new rules in the same transaction (null where none matches), "
    + "except URLs whose priority was set by hand (`POST …/urls/priority`), which keep it until it is set back to null; "
    + "URLs added later take theirs as they enter. An empty list removes every rule.",
});
