// `npm run dev`: next dev on PORT (default 3000). The embedded database and migrations start inside
// the Next server (instrumentation.ts), so this only launches Next.
import { runNext } from "./spawn-next.mjs";

runNext("dev");
