"use client";

import Script from "next/script";

type SwaggerWindow = Window & { SwaggerUIBundle?: (options: Record<string, unknown>) => unknown };

/** Loads the bundle served from node_modules and mounts Swagger UI on `#swagger-ui`. */
export function SwaggerUi({ bundleSrc }: { bundleSrc: string }) {
  return (
    <>
      <div id="swagger-ui" />
      <Script
        src={bundleSrc}
        strategy="afterInteractive"
        // onReady (not onLoad) also runs when the page is re-entered after the script has loaded.
        onReady={() => {
          (window as SwaggerWindow).SwaggerUIBundle?.({
            url: "/api/openapi.json",
            dom_id: "#swagger-ui",
            deepLinking: true,
            persistAuthorization: true,
          });
        }}
      />
    </>
  );
}
