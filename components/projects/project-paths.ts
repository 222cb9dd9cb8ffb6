/** Dashboard paths of a project (the tab pages live under app/(app)/projects/[projectId]/). */
export const projectHref = (id: string, tab: "" | "setup" | "urls" | "imports" | "issues" | "sitemaps" | "submissions" | "robots" = "") => `/projects/${id}${tab ? `/${tab}` : ""}`;
