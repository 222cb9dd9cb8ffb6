import { Button } from "@/components/ui/button";

/**
 * The footer of a dialog's form: Cancel, then the submit button that says what is happening while it runs.
 * `sticky` keeps it in view while a long form scrolls on short screens.
 */
export function FormActions({ onCancel, submitLabel, busyLabel, busy, sticky = false, divider = false }: {
  onCancel: () => void; submitLabel: string; busyLabel: string; busy: boolean; sticky?: boolean; divider?: boolean;
}) {
  const layout = "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end";
  const place = sticky ? "sticky -bottom-6 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-4" : divider ? "border-t border-slate-200 pt-4" : "";
  return (
    <div className={`${layout} ${place}`.trim()}>
      <Button variant="secondary" onClick={onCancel}>Cancel</Button>
      <Button type="submit" disabled={busy}>{busy ? busyLabel : submitLabel}</Button>
    </div>
  );
}
