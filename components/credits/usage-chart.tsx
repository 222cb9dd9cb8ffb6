"use client";

import { useId } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartNumbers } from "@/components/ui/chart-numbers";
import { shortDate } from "@/components/ui/format";

const n = (v: number) => v.toLocaleString("en-US");

export type Stack = { key: string; label: string; color: string };

/**
 * Credits per day as stacked bars (a chart for sighted users), with the same numbers as a table behind a switch for
 * everyone else. Used for the last 30 days' spending and the next 30 days' forecast.
 */
export function CreditBars<T extends { date: string }>({ rows, stacks, caption, tableLabel, testId }: {
  rows: T[]; stacks: Stack[]; caption: string; tableLabel: string; testId: string;
}) {
  const id = useId();
  const value = (r: T, key: string) => Number((r as Record<string, unknown>)[key] ?? 0);
  return (
    <figure aria-labelledby={`${id}-caption`} data-testid={testId}>
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} width={56} tickFormatter={n} />
            <Tooltip labelFormatter={(d) => shortDate(String(d))} formatter={(v, name) => [n(Number(v)), name]} />
            {stacks.length > 1 && <Legend />}
            {stacks.map((s) => <Bar key={s.key} dataKey={s.key} name={s.label} stackId="credits" fill={s.color} isAnimationActive={false} />)}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={`${id}-caption`} className="sr-only">{caption}; the numbers are in the table below.</figcaption>
      <ChartNumbers id={`${id}-table`} regionLabel={tableLabel}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{tableLabel}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <th scope="col" className="py-1.5 pr-3">Date</th>
              {stacks.map((s) => <th key={s.key} scope="col" className="py-1.5 pr-3 text-right">{s.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal"><time dateTime={r.date}>{r.date}</time></th>
                {stacks.map((s) => <td key={s.key} className="py-1 pr-3 text-right tabular-nums">{n(value(r, s.key))}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </ChartNumbers>
    </figure>
  );
}
