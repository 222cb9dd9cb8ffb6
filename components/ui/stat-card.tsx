import type { ReactNode } from "react";
import Link from "next/link";

export type StatTone = "neutral" | "good" | "bad" | "warn";

const toneText: Record<StatTone, string> = { neutral: "text-slate-900", good: "text-emerald-700", bad: "text-red-700", warn: "text-amber-700" };

/** One counter: label, big number, optional hint; a link when `href` is given (e.g. to a filtered list). */
export function StatCard({ label, value, hint, href, tone = "neutral", testId }: { label: string; value: number | string; hint?: ReactNode; href?: string; tone?: StatTone; testId?: string }) {
  const body = (
    <>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold tabular-nums ${toneText[tone]}`}>{typeof value === "number" ? value.toLocaleString("en-US") : value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
    </>
  );
  const box = "block rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  return href ? (
    <div data-testid={testId}>
      <Link href={href} className={`${box} hover:border-brand-600`}>
        <dl>{body}</dl>
      </Link>
    </div>
  ) : (
    <dl data-testid={testId} className={box}>
      {body}
    </dl>
  );
}
