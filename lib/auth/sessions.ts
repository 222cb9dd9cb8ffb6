import crypto from "node:crypto";
import { db } from "@/lib/db";

const SESSION_DAYS = 30;

/** Creates a database session like next-auth's (operator CLI, tests); the token works as Bearer and cookie. */
export async function createSession(userId: string, now = new Date()): Promise<{ sessionToken: string; expires: Date }> {
  const sessionToken = crypto.randomBytes(32).toString("hex");
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db.session.create({ data: { sessionToken, userId, expires } });
  return { sessionToken, expires };
}
