import { z } from "zod";

export type PaginationMeta = { total: number; offset: number; limit: number; hasMore: boolean };

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const emptyToUndefined = (v: unknown) => (v === "" || v === null || v === "null" ? undefined : v);

export const paginationQuery = z.object({
  offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT)),
});
export type Pagination = z.infer<typeof paginationQuery>;

export function pageMeta(total: number, { offset, limit }: Pagination): PaginationMeta {
  return { total, offset, limit, hasMore: offset + limit < total };
}
