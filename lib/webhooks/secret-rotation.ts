// How long a rotated-out signing secret keeps co-signing deliveries (keepPreviousHours): shared by the API's
// schema, the verb and the dashboard's dialog. No imports, so client components can use it.
export const DEFAULT_PREVIOUS_SECRET_HOURS = 24;
export const MAX_PREVIOUS_SECRET_HOURS = 72;
