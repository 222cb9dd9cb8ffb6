/** A measure as the API shows it: to one decimal, or null when there is none. */
export const roundTenth = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
