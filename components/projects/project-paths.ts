/** Dashboard paths of a project (the tab pages live under app/(app)/projects/[projectId]/). */
export const projectHref = (id: string, tab: "" | "setup" | "urls" | "imports" | "issues" | "sitemaps" | "submissions" | "robots" | "connections" | "crawl" | "removals" | "reports" | "rendering" | "changes" | "diagnosis" | "links" = "") => `/projects/${id}${tab ? `/${tab}` : ""}`;

/** Where the console sends the browser back after consent (lib/connections/config.ts: the default GSC_REDIRECT_URI). */
export const GSC_CALLBACK_PATH = "/projects/gsc/callback";
