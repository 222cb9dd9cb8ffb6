"use client";

import { useId, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartNumbers } from "@/components/ui/chart-numbers";
import { Card } from "@/components/ui/card";
import type { Diagnosis } from "@/lib/queries/diagnosis";

const COLORS = ["#1d4ed8", "#b45309", "#047857", "#b91c1c", "#6d28d9", "#0e7490", "#be185d", "#4d7c0f", "#334155", "#c2410c"];
const SECTIONS = 8;

/** Not-indexed URLs of the largest sections as stacked bars, one colour per cause; the same numbers as a table for screen readers. */
export function CauseChart({ d }: { d: Diagnosis }) {
  const id = useId();
  const sections = d.sections.slice(0, SECTIONS).map((s) => s.section);
  const points = useMemo(() => sections.map((section) => Object.fromEntries([["section", section],
    ...d.causes.map((c) => [c.label, c.bySection.find((b) => b.section === section)?.urls ?? 0])])), [d, sections]);
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">Causes by section</h2>
      <Card>
        {/* Clipped: the chart's hidden tooltip keeps the place it had at the last width (after a phone turns, or a window
            narrows, it sat 200 px past a 375 px screen and the page scrolled sideways); shown, it stays inside the chart. */}
        <div className="h-72 w-full overflow-hidden" aria-hidden="true" data-testid="cause-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="section" fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={48} />
              <Tooltip />
              <Legend />
              {d.causes.map((c, i) => <Bar key={c.cause} dataKey={c.label} stackId="s" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />)}
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ChartNumbers id={`${id}-table`} regionLabel="Not indexed URLs by section and cause">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Not indexed URLs per section (rows) and cause (columns)</caption>
            <thead><tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="py-1.5 pr-3">Section</th>
              {d.causes.map((c) => <th key={c.cause} scope="col" className="py-1.5 pr-3 text-right">{c.label}</th>)}
            </tr></thead>
            <tbody>
              {points.map((p) => (
                <tr key={String(p.section)} className="border-b border-slate-100">
                  <th scope="row" className="py-1.5 pr-3 font-mono font-normal">{String(p.section)}</th>
                  {d.causes.map((c) => <td key={c.cause} className="py-1.5 pr-3 text-right tabular-nums">{Number(p[c.label]).toLocaleString("en-US")}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </ChartNumbers>
      </Card>
    </section>
  );
}
