// The MCP prompts: two routines an assistant runs through the tools (lib/api/mcp/tools/).
import { z } from "zod";

type PromptMessages = { messages: { role: "user"; content: { type: "text"; text: string } }[] };
export type PromptDef = {
  name: string;
  title: string;
  description: string;
  args: Record<string, z.ZodString | z.ZodOptional<z.ZodString>>;
  messages: (args: Record<string, string | undefined>) => PromptMessages;
};

const user = (text: string): PromptMessages => ({ messages: [{ role: "user", content: { type: "text", text } }] });

export const PROMPTS: PromptDef[] = [
  {
    name: "weekly_indexing_review",
    title: "Weekly indexing review of a project",
    description: "Walks through a project's week: counters and trends, Google and Bing coverage, new and severe issues, pages that dropped, and what to do next.",
    args: { projectId: z.string().describe("The project's id (list_projects names them)") },
    messages: ({ projectId }) => user([
      `Run a weekly indexing review of the IndexWatch project ${projectId}, with the IndexWatch tools:`,
      `1. get_project_overview {projectId: "${projectId}"}: note total, indexed and not indexed URLs, broken and stale URLs, open issues, and how fresh Google's and Bing's verdicts are.`,
      `2. get_trends {projectId: "${projectId}", days: 14}: compare the last 7 daily snapshots with the 7 before (indexed, not indexed, broken); report time to index for new URLs on Google and Bing.`,
      `3. list_issues {projectId: "${projectId}", status: "open"}: the critical and warning groups; for the two most severe, list_issue_urls to name example URLs.`,
      `4. search_urls {projectId: "${projectId}", engineAState: "crawled_not_indexed", sort: "impressions28d:desc"} and with "discovered_not_indexed": the important pages Google does not index; `
        + `also search_urls with disagreement: "indexable_not_in_engine".`,
      "5. For up to three important URLs among them, get_url: explain why (our audit, Google's verdict and its source and date, open issues and how to fix them).",
      "Write the review for a site owner: what changed this week, the three most important problems with the URLs affected, and the fix for each. "
        + "Call Google and Bing by name. Do not call check_again or inspect_now (they spend credits) unless the user asks; then say the cost and pass confirm: true.",
    ].join("\n")),
  },
  {
    name: "why_not_indexed",
    title: "Why is this URL not indexed?",
    description: "Explains why one URL is not (or no longer) indexed by Google or Bing, from our audit, the engines' verdicts, issues and history, and what to fix.",
    args: {
      projectId: z.string().describe("The project's id (list_projects names them)"),
      url: z.string().describe("The page's address, or its tracked URL id"),
    },
    messages: ({ projectId, url }) => user([
      `Find out why ${url} is not indexed, in the IndexWatch project ${projectId}, with the IndexWatch tools:`,
      `1. Find the URL: if "${url}" is an id, use it; otherwise search_urls {projectId: "${projectId}", limit: 100} with filters that narrow it down `
        + "(or its q parameter when offered) and pick the row whose url matches.",
      `2. get_url {projectId: "${projectId}", urlId}: read our audit (healthState, httpStatus, redirectTarget, indexability, canonicalUrl, metaRobots, `
        + "xRobotsTag), Google's state with its source and observedAt and the check reason, Bing's state, the open issues (each with why it matters and how to fix), "
        + "the history (a drop from the index has droppedFrom and dropCause) and Googlebot's visits.",
      "3. If robots.txt may block it, test_robots_txt with the URL for Googlebot and Bingbot.",
      "4. Explain the most likely cause in plain words, naming Google and Bing, with the evidence and its date, and the fix. If the verdict is old, offer "
        + "check_again (1 credit per URL when inspected) or inspect_now (1 credit): say the cost and call it only after the user agrees, with confirm: true.",
    ].join("\n")),
  },
];
