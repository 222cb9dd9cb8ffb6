// Bounds of the URL list's bulk actions, in a module of its own (no imports) so that the dashboard reads the same numbers.

/** At most this many URLs per bulk action over a filter (check again, stop tracking, set priority); an export has no bound. */
export const MAX_BULK_URLS = 10_000;
/** At most this many ids in a selection (a bulk action's `urlIds`, an export's `ids`). */
export const MAX_SELECTED_URLS = 1000;
