import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { AiAccessResponse, RenderingResponse, RenderResponse } from "@/lib/rendering/schemas";
import { ApiRequestError, fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import type { ProjectPath } from "./urls";

export type UrlRender = RenderResponse;
export type Rendering = z.infer<typeof RenderingResponse>;
export type AiAccess = z.infer<typeof AiAccessResponse>;

export const renderingKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "rendering"] as const,
  overview: (p: ProjectPath) => [...renderingKeys.all(p), "overview"] as const,
  aiAccess: (p: ProjectPath) => [...renderingKeys.all(p), "ai-access"] as const,
  url: (p: ProjectPath, urlId: string) => [...renderingKeys.all(p), "url", urlId] as const,
};

const urlRenderPath = (p: ProjectPath, urlId: string) => projectsPath(p.orgId, p.projectId, `/urls/${encodeURIComponent(urlId)}/render`);

/** The URL's latest render, or null before the first (the API's 404). */
export async function fetchUrlRender(p: ProjectPath, urlId: string, signal?: AbortSignal): Promise<UrlRender | null> {
  try {
    return await fetchApi<UrlRender>(urlRenderPath(p, urlId), { signal });
  } catch (e) {
    if (e instanceof ApiRequestError && e.code === "NOT_FOUND" && /not been rendered/.test(e.message)) return null;
    throw e;
  }
}

export const urlRenderQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({ queryKey: renderingKeys.url(p, urlId), queryFn: ({ signal }) => fetchUrlRender(p, urlId, signal) });

export const renderUrl = (p: ProjectPath, urlId: string) => fetchApi<UrlRender>(urlRenderPath(p, urlId), { method: "POST", body: { confirm: true } });

export const renderingQuery = (p: ProjectPath) =>
  queryOptions({ queryKey: renderingKeys.overview(p), queryFn: ({ signal }) => fetchApi<Rendering>(projectsPath(p.orgId, p.projectId, "/rendering"), { signal }) });

export const aiAccessQuery = (p: ProjectPath) =>
  queryOptions({ queryKey: renderingKeys.aiAccess(p), queryFn: ({ signal }) => fetchApi<AiAccess>(projectsPath(p.orgId, p.projectId, "/ai-access"), { signal }), staleTime: 60_000 });

export const saveRendering = (p: ProjectPath, body: { samplePerSection?: number; cadence?: "weekly" | "off" }) =>
  fetchApi<Rendering>(projectsPath(p.orgId, p.projectId, "/rendering"), { method: "PUT", body });
