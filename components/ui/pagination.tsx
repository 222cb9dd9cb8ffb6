import { Button } from "@/components/ui/button";

/** "21–40 of 57" with Previous / Next (or e.g. Newer / Older); `onOffset` receives the new offset. Hidden while one page holds all. */
export function Pagination({ label, offset, limit, total, shown, onOffset, previousLabel = "Previous", nextLabel = "Next" }: {
  label: string; offset: number; limit: number; total: number; shown: number; onOffset: (offset: number) => void; previousLabel?: string; nextLabel?: string;
}) {
  if (total <= limit && offset === 0) return null;
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {shown === 0 ? `0 of ${total}` : `${offset + 1}–${offset + shown} of ${total}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => onOffset(Math.max(0, offset - limit))} disabled={offset <= 0}>
          {previousLabel}
        </Button>
        <Button variant="secondary" onClick={() => onOffset(offset + limit)} disabled={offset + limit >= total}>
          {nextLabel}
        </Button>
      </div>
    </nav>
  );
}
