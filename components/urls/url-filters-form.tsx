"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import type { UrlFilters } from "@/lib/queries/urls";
import { CAUSE_ENGINE_LABELS, CAUSE_LABELS, CLICK_DEPTH_LABELS, COUNTER_LABELS, DISAGREEMENT_LABELS, ENGINE_A_LABELS, ENGINE_B_LABELS, HEALTH_LABELS, INDEXABILITY_LABELS, SOURCE_LABELS } from "./labels";
import { SORT_LABELS, STATE_SOURCE_LABELS, VERDICT_AGE_DAYS } from "./search-labels";

type Key = keyof UrlFilters;
const YES_NO = { true: "Yes", false: "No" };
const ageLabel = (days: number | string) => `${days} day${Number(days) === 1 ? "" : "s"}, or no verdict`;
const VERDICT_AGES = Object.fromEntries(VERDICT_AGE_DAYS.map((d) => [String(d), ageLabel(d)]));

// One select per API filter, in the API's order; the empty option means "any".
const FIELDS: { key: Key; label: string; options: Record<string, string> }[] = [
  { key: "healthState", label: "Health", options: HEALTH_LABELS },
  { key: "indexability", label: "Indexability", options: INDEXABILITY_LABELS },
  { key: "engineAState", label: "Google state", options: ENGINE_A_LABELS },
  { key: "engineBState", label: "Bing state", options: ENGINE_B_LABELS },
  { key: "source", label: "Source", options: SOURCE_LABELS },
  { key: "hasIssues", label: "Has open issues", options: YES_NO },
  { key: "isStale", label: "Missing from sitemap", options: YES_NO },
  { key: "disagreement", label: "Audit disagrees with Google or Bing", options: DISAGREEMENT_LABELS },
  { key: "stateSource", label: "Google verdict based on", options: STATE_SOURCE_LABELS },
  { key: "verdictOlderThanDays", label: "Google verdict older than", options: VERDICT_AGES },
  { key: "counter", label: "Overview counter", options: COUNTER_LABELS },
  { key: "cause", label: "Why not indexed", options: CAUSE_LABELS },
  { key: "causeEngine", label: "Cause of", options: CAUSE_ENGINE_LABELS },
  { key: "orphan", label: "Orphan page", options: YES_NO },
  { key: "clickDepthMin", label: "Clicks from home", options: CLICK_DEPTH_LABELS },
];

type Props = { filters: UrlFilters; onChange: (filters: UrlFilters) => void; sort: string | null; onSort: (sort: string | null) => void };

/** The filters apply as soon as a value changes; they combine with AND. The order applies at once too. */
export function UrlFiltersForm({ filters, onChange, sort, onSort }: Props) {
  const id = useId();
  const active = Object.keys(filters).length;

  function set(key: Key, value: string) {
    const next: Record<string, string | number> = { ...(filters as Record<string, string | number>) };
    if (value) next[key] = key === "verdictOlderThanDays" || key === "clickDepthMin" ? Number(value) : value;
    else delete next[key];
    onChange(next as UrlFilters);
  }
  // An address may carry a number of days the list does not offer: it is offered too (integer keys sort in place).
  const days = filters.verdictOlderThanDays;
  const depth = filters.clickDepthMin;
  const options = (f: (typeof FIELDS)[number]) =>
    f.key === "verdictOlderThanDays" && days !== undefined ? { ...f.options, [String(days)]: ageLabel(days) }
      : f.key === "clickDepthMin" && depth !== undefined && !(String(depth) in f.options) ? { ...f.options, [String(depth)]: `${depth} clicks or more` } : f.options;

  return (
    <form role="search" aria-label="Filter URLs" onSubmit={(e) => e.preventDefault()} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {FIELDS.map((f) => (
          <div key={f.key} className="space-y-1">
            <label htmlFor={`${id}-${f.key}`} className="block text-sm font-medium text-slate-800">{f.label}</label>
            <select id={`${id}-${f.key}`} value={filters[f.key] ?? ""} onChange={(e) => set(f.key, e.target.value)} className={inputClasses}>
              <option value="">Any</option>
              {Object.entries(options(f)).map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">{active === 0 ? "No filters: all URLs." : `${active} filter${active === 1 ? "" : "s"} applied.`}</p>
          {active > 0 && <Button variant="secondary" onClick={() => onChange({})}>Clear filters</Button>}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium whitespace-nowrap text-slate-800">Sort by</label>
          <select id={`${id}-sort`} value={sort ?? ""} onChange={(e) => onSort(e.target.value || null)} className={`${inputClasses} sm:w-auto`}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
      </div>
    </form>
  );
}
