import { Prisma } from "@/lib/db";

/**
 * SQL for a UUIDv7 (RFC 9562) from `now` and a row's rank among the rows one statement inserts: the
 * ids ascend with the rank, and across statements with the clock, so bulk inserts append to the
 * primary key and to every (…, discovered_at, id) index instead of landing at random leaves. The last
 * 36 bits are random. `rank` is an integer SQL expression (up to 2^38 distinct values).
 */
export function timeOrderedId(now: Date, rank: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    lpad(to_hex((extract(epoch FROM ${now}::timestamptz) * 1000)::bigint), 12, '0') || '7'
    || lpad(to_hex(((${rank}) >> 26) & 4095), 3, '0') || to_hex(8 + (((${rank}) >> 24) & 3)) || lpad(to_hex(((${rank}) >> 12) & 4095), 3, '0')
    || lpad(to_hex((${rank}) & 4095), 3, '0') || substr(md5(random()::text), 1, 9))::uuid`;
}
