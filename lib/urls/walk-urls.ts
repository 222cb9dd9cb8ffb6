import { Prisma, sqlRows, uuidArray } from "@/lib/db";
import { trackedUrlColumns, URL_EXPORT_COLUMNS, URL_FACTS_JOIN } from "./internal";
import type { UrlFilters } from "./schemas";
import { SORT_COLUMNS, urlConditions } from "./url-filters";

export const WALK_BATCH = 2000;

type Dir = "ASC" | "DESC";
/**
 * A stretch of an order that one index reads straight through: the rows where `where` holds, ordered by `column`
 * (SQL, e.g. `t.discovered_at`; null: by id only) in `dir`, ties by `id` (SQL) in `idDir`. `valueOf` and `idOf` read
 * a row's value of that column and its id, where the next batch starts after.
 */
export type Segment<R> = {
  where: Prisma.Sql | null; column: string | null; dir: Dir; id: string; idDir: Dir;
  valueOf: (row: R) => unknown; idOf: (row: R) => unknown;
};
type Read<R> = (conditions: Prisma.Sql[], order: Prisma.Sql, limit: number) => Promise<R[]>;

const raw = (s: string) => Prisma.raw(s);
const beyond = (dir: Dir) => raw(dir === "ASC" ? ">" : "<");
const orderOf = (s: Pick<Segment<never>, "column" | "dir" | "id" | "idDir">, tieOnly = false) => raw(s.column && !tieOnly ? `${s.column} ${s.dir}, ${s.id} ${s.idDir}` : `${s.id} ${s.idDir}`);

/**
 * Rows in the segments' order, in batches of `batch`, by keyset: each batch is one short statement that starts where
 * the last one ended, so no transaction or connection is held between batches (a slow reader holds nothing) and each
 * read is a range of one index. A row whose sort value changes during the walk may be read twice or missed.
 */
export async function* keysetWalk<R>(segments: Segment<R>[], read: Read<R>, batch = WALK_BATCH): AsyncGenerator<R[]> {
  for (const s of segments) {
    const where = s.where ? [s.where] : [];
    const id = raw(s.id);
    let after: { value: unknown; id: unknown } | null = null;
    for (;;) {
      let rows: R[];
      if (!after) {
        rows = await read(where, orderOf(s), batch);
      } else if (!s.column) {
        rows = await read([...where, Prisma.sql`${id} ${beyond(s.idDir)} ${after.id}::uuid`], orderOf(s), batch);
      } else if (s.dir === s.idDir) {
        // One direction: a row comparison, which the index reads as one range.
        rows = await read([...where, Prisma.sql`(${raw(s.column)}, ${id}) ${beyond(s.dir)} (${after.value}, ${after.id}::uuid)`], orderOf(s), batch);
      } else {
        // Mixed directions (value descending, id ascending): the rest of the last value's ties, then the values beyond it.
        const col = raw(s.column);
        rows = await read([...where, Prisma.sql`${col} = ${after.value} AND ${id} ${beyond(s.idDir)} ${after.id}::uuid`], orderOf(s, true), batch);
        if (rows.length < batch) rows = rows.concat(await read([...where, Prisma.sql`${col} ${beyond(s.dir)} ${after.value}`], orderOf(s), batch - rows.length));
      }
      if (rows.length) yield rows;
      if (rows.length < batch) break;
      const last = rows[rows.length - 1];
      after = { value: s.column ? s.valueOf(last) : null, id: s.idOf(last) };
    }
  }
}

/** A URL as the export reads it: the values of URL_EXPORT_COLUMNS, in that order. */
export type UrlCells = unknown[];
const at = (field: (typeof URL_EXPORT_COLUMNS)[number]) => URL_EXPORT_COLUMNS.indexOf(field);
const ID = at("id");

/**
 * The URL list's order (urlOrder) as segments, each a range of one index (the sort indexes are (project_id, column
 * DESC NULLS LAST, id)): discovery order is one segment; a field descending is its values (ties by id ascending),
 * then the URLs without one; ascending is those without one (ids descending), then the values.
 */
function urlSegments(sort: string | undefined): Segment<UrlCells>[] {
  const [field, dir] = (sort ?? "discoveredAt").split(":") as [keyof typeof SORT_COLUMNS, string | undefined];
  const value = at(field);
  const seg = (s: Pick<Segment<UrlCells>, "where" | "column" | "dir" | "idDir">): Segment<UrlCells> =>
    ({ ...s, id: "t.id", valueOf: (row) => row[value], idOf: (row) => row[ID] });
  if (field === "discoveredAt") {
    const d: Dir = dir === "desc" ? "DESC" : "ASC";
    return [seg({ where: null, column: "t.discovered_at", dir: d, idDir: d })];
  }
  const c = `t.${SORT_COLUMNS[field]}`;
  const isNull = raw(`${c} IS NULL`);
  const notNull = raw(`${c} IS NOT NULL`);
  return dir === "asc"
    ? [seg({ where: isNull, column: null, dir: "DESC", idDir: "DESC" }), seg({ where: notNull, column: c, dir: "ASC", idDir: "DESC" })]
    : [seg({ where: notNull, column: c, dir: "DESC", idDir: "ASC" }), seg({ where: isNull, column: null, dir: "ASC", idDir: "ASC" })];
}

const EXPORT_SELECT = trackedUrlColumns(URL_EXPORT_COLUMNS);

/**
 * Every URL of the project under the filters (and, with `ids`, among those ids), in the list's order, batch by batch,
 * each URL as its export cells (arrays, not objects: a million rows allocate a tenth of what objects would).
 */
export function walkUrls(projectId: string, filters: UrlFilters, sort?: string, ids?: string[], batch = WALK_BATCH): AsyncGenerator<UrlCells[]> {
  const base = urlConditions(projectId, filters);
  if (ids) base.push(Prisma.sql`t.id = ANY(${uuidArray(ids)})`);
  return keysetWalk<UrlCells>(urlSegments(sort), (extra, order, limit) => sqlRows<UrlCells>(Prisma.sql`
    SELECT ${EXPORT_SELECT} FROM tracked_urls t ${URL_FACTS_JOIN}
    WHERE ${Prisma.join([...base, ...extra], " AND ")} ORDER BY ${order} LIMIT ${limit}`, undefined, { timestamps: "iso", rowMode: "array" }), batch);
}
