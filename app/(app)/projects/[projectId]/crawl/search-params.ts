/** The pages the crawl page shows first (server prefetch and client queries use the same keys). */
export const IMPORTS_PAGE = { offset: 0, limit: 10 };
export const UNTRACKED_PAGE = { offset: 0, limit: 10 };
