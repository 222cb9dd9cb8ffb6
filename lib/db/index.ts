// The one database module: the client, its types and the generated enums. Nothing imports
// lib/db/generated directly.
export { db, preparedName, sqlCursor, sqlRows, sqlExecute, sqlTransaction, txRunner, type Db, type SqlRunner, type Tx } from "./client";
export { dbOf, withTransaction } from "./with-transaction";
export { outsideTransaction } from "./transaction-scope";
export { binaryArray, likeEscape, uuidArray } from "./sql-values";
export { Prisma } from "./generated/client";
export type * from "./generated/client";
export * from "./generated/enums";
