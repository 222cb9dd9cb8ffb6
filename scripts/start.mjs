// `npm start`: next start on PORT (default 3000), after `npm run build`.
import { runNext } from "./spawn-next.mjs";

runNext("start");
