/** Placeholder cards while counters load. */
export function StatGridSkeleton({ label, count = 9 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-24 animate-pulse rounded-lg border border-slate-200 bg-white p-4">
          <div className="h-4 w-20 rounded bg-slate-200" />
          <div className="mt-3 h-7 w-12 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-10 animate-pulse rounded bg-slate-100" />
      ))}
    </div>
  );
}
