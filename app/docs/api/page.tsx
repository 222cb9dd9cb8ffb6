import type { Metadata } from "next";
import Link from "next/link";
import { swaggerUiVersion } from "@/lib/api/openapi/swagger-ui-assets";
import { SwaggerUi } from "./swagger-ui";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const v = swaggerUiVersion();
  return (
    <>
      {/* The way back: the reference is opened from the app (settings, API keys), often in the same tab. */}
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="IndexWatch" className="mx-auto flex max-w-[1460px] flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3 text-sm">
          <Link href="/projects" className="font-semibold text-brand-700">IndexWatch</Link>
          <Link href="/projects" className="text-slate-700 underline-offset-2 hover:underline" data-testid="docs-back-to-app">← Back to your projects</Link>
          <Link href="/settings/api-keys" className="text-slate-700 underline-offset-2 hover:underline">API keys</Link>
          <a href="/api/openapi.json" className="text-slate-700 underline-offset-2 hover:underline">OpenAPI document (JSON)</a>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="min-h-dvh bg-white focus:outline-none">
        <link rel="stylesheet" href={`/docs/api/assets/swagger-ui.css?v=${v}`} precedence="default" />
        <h1 className="sr-only">API reference</h1>
        <SwaggerUi bundleSrc={`/docs/api/assets/swagger-ui-bundle.js?v=${v}`} />
      </main>
    </>
  );
}
