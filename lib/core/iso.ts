/** A date as the API shows it: ISO 8601, or null when there is none. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
