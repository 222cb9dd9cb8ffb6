import NextAuth from "next-auth";
import { authOptions } from "@/lib/sign-in/next-auth";

export type NextAuthAnswer = { status: number; headers: Record<string, unknown>; body: unknown };

/** next-auth's own handler (the form's endpoints, CSRF and all), called as a Next.js API route with a recording response. */
export async function nextAuth(action: string[], req: { method: string; body?: object; cookies?: Record<string, string>; headers?: Record<string, string> }): Promise<NextAuthAnswer> {
  const out: NextAuthAnswer = { status: 200, headers: {}, body: undefined };
  const res = {
    status: (n: number) => ((out.status = n), res),
    setHeader: (k: string, v: unknown) => ((out.headers[k.toLowerCase()] = v), res),
    getHeader: (k: string) => out.headers[k.toLowerCase()],
    end: () => {}, json: (b: unknown) => void (out.body = b), send: (b: unknown) => void (out.body = b),
  };
  await NextAuth({ query: { nextauth: action }, cookies: {}, headers: {}, ...req } as never, res as never, authOptions);
  return out;
}
