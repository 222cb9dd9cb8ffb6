// OpenAPI registrations of the organization's credit usage: the ledger, the usage over a window, the forecast.
import { orgParams } from "@/lib/core/params";
import { CreditForecast, CreditUsage, LedgerEntry, ledgerQuery, usageQuery } from "@/lib/credit-usage/schemas";
import { defineOperation } from "../operation";

const O = "/api/user/organizations/{organizationId}";
const tags = ["Credits"];

export const getCreditLedgerOp = defineOperation({
  method: "GET", path: `${O}/credits/ledger`, tags, scopes: ["organization:read"], params: orgParams, query: ledgerQuery,
  response: LedgerEntry, paginated: true,
  summary: "The organization's credit ledger, newest first",
  description: "Every movement of credits: grants, sitemap admissions (1 credit per admitted URL), inspections (1 per URL: scheduled, "
    + "“check again”, inspect now), refunds and adjustments, with the balance after each, the project it was spent on, the URL of an "
    + "inspect-now, who caused it and a description in words. Filter with `kind`; ordered by time descending, then id. Any member may read it.",
});
export const getCreditUsageOp = defineOperation({
  method: "GET", path: `${O}/credits/usage`, tags, scopes: ["organization:read"], params: orgParams, query: usageQuery, response: CreditUsage,
  summary: "Credits added and spent over the last days",
  description: "Over the last `days` UTC dates, today included (default 30): credits added and spent, net per kind, per day (for a chart) and "
    + "spending per project.",
});
export const getCreditForecastOp = defineOperation({
  method: "GET", path: `${O}/credits/forecast`, tags, scopes: ["organization:read"], params: orgParams, response: CreditForecast,
  summary: "What scheduled inspections will cost",
  description: "For every project: the next cycle's cost (the “check again” queue plus each scheduled inspection due within one cadence from "
    + "now) and the next 30 days' (each URL at its next inspection time, then every cadence), per day, and the date the balance no longer "
    + "covers it. Only active projects with automated inspections spend on schedule; the queue of any active project is charged at the next "
    + "run. Sitemap syncs that admit new URLs are not foreseen.",
});
