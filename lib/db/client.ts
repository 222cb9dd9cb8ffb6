import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { databaseUrl, poolSize } from "./config";

// Secret columns are omitted from every query unless a verb asks for them explicitly.
const omit = {
  project: { gscRefreshTokenEnc: true, engineBApiKeyEnc: true },
  apiKey: { keyHash: true },
} as const;

function createClient() {
  const adapter = new PrismaPg({ connectionString: databaseUrl(), max: poolSize(), idleTimeoutMillis: 30_000 });
  return new PrismaClient({ adapter, omit });
}

export type Db = ReturnType<typeof createClient>;
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const g = globalThis as unknown as { __prisma?: Db };
export const db: Db = g.__prisma ?? createClient();
g.__prisma = db;
