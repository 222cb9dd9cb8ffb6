/** Grey placeholder blocks while a settings page loads. */
export function SettingsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">{label}</span>
      <div className="flex items-center justify-between gap-4">
        <div className="h-6 w-40 animate-pulse rounded bg-slate-200" />
        <div className="h-9 w-36 animate-pulse rounded-md bg-slate-200" />
      </div>
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
