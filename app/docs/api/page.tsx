import type { Metadata } from "next";
import { swaggerUiVersion } from "@/lib/api/openapi/swagger-ui-assets";
import { SwaggerUi } from "./swagger-ui";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const v = swaggerUiVersion();
  return (
    <main id="main" tabIndex={-1} className="min-h-dvh bg-white focus:outline-none">
      <link rel="stylesheet" href={`/docs/api/assets/swagger-ui.css?v=${v}`} precedence="default" />
      <h1 className="sr-only">API reference</h1>
      <SwaggerUi bundleSrc={`/docs/api/assets/swagger-ui-bundle.js?v=${v}`} />
    </main>
  );
}
