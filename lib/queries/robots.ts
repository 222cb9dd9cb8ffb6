import type { z } from "zod";
import type { RobotsTestResponse, RobotsTestResult as RobotsTestResultSchema, testRobotsBody } from "@/lib/robots/schemas";
import { fetchApi } from "./fetch-api";
import { projectsPath } from "./projects";
import type { ProjectPath } from "./urls";

export type RobotsTest = RobotsTestResponse;
export type RobotsTestResult = z.infer<typeof RobotsTestResultSchema>;
export type RobotsRuleRef = NonNullable<RobotsTestResult["rule"]>;
export type RobotsInvalidUrl = RobotsTestResponse["invalidUrls"][number];
export type GoogleLineNote = RobotsTestResponse["googleNotes"][number];
export type RobotsTestInput = z.input<typeof testRobotsBody>;

/** The limits of the tester (lib/robots/schemas.ts): 1-100 URLs, a pasted draft of at most 512 KiB. */
export const MAX_ROBOTS_TEST_URLS = 100;
export const MAX_ROBOTS_DRAFT_BYTES = 512 * 1024;

/** POST robots/test: the live robots.txt (or a pasted draft) against URLs or paths of the project's domain; costs nothing. */
export const testRobots = (p: ProjectPath, input: RobotsTestInput) =>
  fetchApi<RobotsTest>(projectsPath(p.orgId, p.projectId, "/robots/test"), { method: "POST", body: input });
