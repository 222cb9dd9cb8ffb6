import { cache } from "react";
import { notFound } from "next/navigation";
import { z } from "zod";
import { DomainError } from "@/lib/core/errors";
import { getProject } from "@/lib/projects/get-project";
import { orgPage } from "../org-ctx";

/**
 * The project of the URL in the organization chosen in the header, read once per request by the
 * layout and the page; a malformed, unknown or foreign id (or a switch to another organization) is a 404.
 */
export const projectOr404 = cache(async (projectId: string) => {
  const { user, org, ctx } = await orgPage();
  if (!org || !ctx || !z.uuid().safeParse(projectId).success) notFound();
  try {
    return { user, org, ctx, project: await getProject(ctx, projectId) };
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});
