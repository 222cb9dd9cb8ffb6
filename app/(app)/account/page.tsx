import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { currentUser } from "../session";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await currentUser();

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Account</h1>
      <Card>
        <h2 className="text-base font-semibold">Signed in</h2>
        <p className="mt-1 text-sm text-slate-700">
          You are signed in as <strong className="wrap-anywhere">{user?.email}</strong>.
        </p>
      </Card>
      <Card>
        <h2 className="text-base font-semibold">Developers</h2>
        <ul className="mt-2 space-y-1 text-sm">
          <li>
            <Link href="/docs/api" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
              API reference
            </Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
