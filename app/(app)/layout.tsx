import type { ReactNode } from "react";
import Link from "next/link";
import { CreditBalance } from "@/components/app/credit-balance";
import { OrgSwitcher } from "@/components/app/org-switcher";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { selectOrganization } from "./actions";
import { requireUser, selectedOrganization } from "./session";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const org = await selectedOrganization(user);

  return (
    // A page that marks itself data-wide (the URL table) takes up to 96rem of a wide window, the header with it.
    <div className="group/app flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap group-has-[[data-wide]]/app:max-w-[96rem] items-center gap-x-6 gap-y-3 px-4 py-3">
          <Link href="/projects" className="text-lg font-semibold text-brand-700">
            IndexWatch
          </Link>
          {org && (
            <>
              <OrgSwitcher organizations={user.organizations.map(({ id, name }) => ({ id, name }))} selectedId={org.id} select={selectOrganization} />
              <CreditBalance organizationId={org.id} initial={org.creditBalance} />
            </>
          )}
          <div className="ml-auto flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <Link href="/portfolio" className="rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Portfolio
            </Link>
            <Link href="/projects" className="rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Projects
            </Link>
            <NotificationBell />
            <Link href="/settings" className="rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Settings
            </Link>
            <span className="max-w-[14rem] truncate text-sm text-slate-700" title={user.email} data-testid="user-email">
              {user.email}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 group-has-[[data-wide]]/app:max-w-[96rem] focus:outline-none">
        {children}
      </main>
    </div>
  );
}
