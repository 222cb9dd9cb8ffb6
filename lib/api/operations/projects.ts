// OpenAPI registrations of the projects area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { orgParams } from "@/lib/core/params";
import { R, W } from "@/lib/auth/scopes";
import {
  ActivationPreviewResponse, automationBody, createProjectBody, listProjectsQuery, projectParams, ProjectResponse,
  projectStatusBody, updateProjectBody,
} from "@/lib/projects/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects";
const tags = ["Projects"];

export const getProjectsOp = defineOperation({
  method: "GET", path: P, tags, scopes: R, params: orgParams, query: listProjectsQuery, response: ProjectResponse, paginated: true,
  summary: "List the organization's projects",
  description: "Live (not deleted) projects, newest first. `q` matches the name or the domain, case-insensitively.",
});
export const postProjectsOp = defineOperation({
  method: "POST", path: P, tags, scopes: W, params: orgParams, body: createProjectBody, response: ProjectResponse, created: true,
  errors: ["DOMAIN_ALREADY_EXISTS", "PROJECT_LIMIT_REACHED"],
  summary: "Create a project for a bare domain",
  description: "`domain` is trimmed and lowercased, then must be a BareDomain. `name` defaults to the domain, `sitemapUrl` to `https://{domain}/sitemap.xml`. "
    + "409 DOMAIN_ALREADY_EXISTS when a live project already holds the domain; 409 PROJECT_LIMIT_REACHED past `PROJECT_LIMIT` projects (paused ones count, deleted ones do not).",
});
export const getProjectOp = defineOperation({
  method: "GET", path: `${P}/{id}`, tags, scopes: R, params: projectParams, response: ProjectResponse,
  summary: "Get a project",
});
export const patchProjectOp = defineOperation({
  method: "PATCH", path: `${P}/{id}`, tags, scopes: W, params: projectParams, body: updateProjectBody, response: ProjectResponse,
  summary: "Update a project's name or sitemap URL",
  description: "Both fields are optional; an empty object changes nothing. The domain never changes: `domain` (or any unknown field) is a 400.",
});
export const deleteProjectOp = defineOperation({
  method: "DELETE", path: `${P}/{id}`, tags, scopes: W, params: projectParams, response: ProjectResponse,
  summary: "Delete a project (soft, idempotent)",
  description: "Leaves the project paused with `deletedAt` set: it disappears from lists and gets, and its domain can be created again. A repeated DELETE answers 200 with the project.",
});
export const patchProjectStatusOp = defineOperation({
  method: "PATCH", path: `${P}/{id}/status`, tags, scopes: W, params: projectParams, body: projectStatusBody, response: ProjectResponse,
  summary: "Pause or resume a project",
  description: "A paused project stops scheduled work and still holds its slot against `PROJECT_LIMIT`.",
});
export const getProjectActivationPreviewOp = defineOperation({
  method: "GET", path: `${P}/{id}/activation-preview`, tags, scopes: R, params: projectParams, response: ActivationPreviewResponse,
  summary: "What automated inspections would cost",
  description: "One credit per URL inspection: `creditsForFullCycle` is the tracked URL count, `urlsInspectableNow` the smaller of it and the balance. Consumes nothing.",
});
export const putProjectAutomationOp = defineOperation({
  method: "PUT", path: `${P}/{id}/automation`, tags, scopes: W, params: projectParams, body: automationBody, response: ProjectResponse,
  errors: ["OWNERSHIP_NOT_VERIFIED", "NO_TRACKED_URLS", "INSUFFICIENT_CREDITS"],
  summary: "Turn scheduled inspections on or off",
  description: "Enabling needs verified ownership (409 OWNERSHIP_NOT_VERIFIED), at least one tracked URL (409 NO_TRACKED_URLS) and credits (402 INSUFFICIENT_CREDITS), "
    + "and schedules each URL's next inspection one cadence from now (hourly, daily, weekly, monthly = 30 days). Disabling clears the schedule.",
});
