import { parentPort, workerData } from "node:worker_threads";
import { serializeError } from "./errors.ts";
import { EmbeddedPipeline, type PipelineTuning } from "./pipeline.ts";
import type { EmbeddedConfig, RecognizeOptions } from "./types.ts";

export type WorkerRequest =
  | { type: "recognize"; id: number; bytes: Uint8Array; opts: RecognizeOptions }
  | { type: "warmup"; id: number };

const port = parentPort;
if (!port) throw new Error("worker.ts must run in a worker thread");
const data = workerData as { config: EmbeddedConfig; tuning?: Partial<PipelineTuning> };
const pipeline = EmbeddedPipeline.load(data.config, data.tuning);
// prevent an unhandled rejection before the first request arrives; errors are reported per request
pipeline.catch(() => {});

let chain: Promise<unknown> = Promise.resolve();
port.on("message", (msg: WorkerRequest) => {
  chain = chain.then(async () => {
    try {
      const p = await pipeline;
      if (msg.type === "warmup") {
        port.postMessage({ id: msg.id, ok: true, result: { version: p.version } });
        return;
      }
      const result = await p.recognize(msg.bytes, msg.opts);
      port.postMessage({ id: msg.id, ok: true, result });
    } catch (err) {
      port.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
    }
  });
});
