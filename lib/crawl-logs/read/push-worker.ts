// Worker thread entry of the log push pool (push-pool.ts): parses one batch per message and answers its columns.
import { parentPort } from "node:worker_threads";
import { parsePushBatch, type PushParseInput } from "./parse-push-batch";

parentPort?.on("message", (msg: { id: number; input: PushParseInput }) => {
  try {
    const out = parsePushBatch(msg.input);
    parentPort!.postMessage({ id: msg.id, out }, out.ok ? [out.hits.buffer as ArrayBuffer] : []);
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: String((e as Error)?.message ?? e) });
  }
});
parentPort?.postMessage({ ready: true });
