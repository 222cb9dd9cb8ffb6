import { logEngineWarning } from "../log";
import type { NotOk } from "../outcome";

export function malformed(method: string): NotOk {
  const message = `Bing Webmaster Tools ${method}: the answer does not match the documented shape`;
  logEngineWarning(message);
  return { kind: "transient", code: "malformed_answer", message, status: 200 };
}
