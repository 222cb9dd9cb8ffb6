"use client";

import { useEffect, useRef } from "react";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** A page of the dashboard failed to render: say so, offer a retry, and a way back to the projects. */
export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  useEffect(() => {
    console.error(error);
    // The page the user was looking at is gone; move focus to what replaced it.
    heading.current?.focus();
  }, [error]);

  return (
    <Card className="mx-auto max-w-xl">
      <div role="alert" aria-labelledby="app-error-heading" data-testid="app-error">
        <h1 id="app-error-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          Something went wrong
        </h1>
        <p className="mt-2 text-sm text-slate-700">
          This page could not be loaded. It may be a passing problem: try again, and if it keeps happening, come back in a few minutes.
        </p>
        {digest && (
          <p className="mt-2 text-xs text-slate-600">
            Reference for support: <code className="font-mono">{digest}</code>
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => retry()}>Try again</Button>
        <Link href="/projects" className={buttonClasses("secondary")}>
          Back to projects
        </Link>
      </div>
    </Card>
  );
}
