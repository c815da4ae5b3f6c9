import { Worker } from "node:worker_threads";
import { deserializeError, OcrError, type SerializedError } from "./errors.ts";
import { ENGINE_ID, type PipelineTuning } from "./pipeline.ts";
import type { EmbeddedConfig, OcrEngine, OcrResult, RecognizeOptions } from "./types.ts";

interface Job {
  id: number;
  bytes: Uint8Array | null;
  opts: RecognizeOptions;
  resolve: (r: unknown) => void;
  reject: (e: OcrError) => void;
  signal?: AbortSignal;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };

/**
 * PP-OCRv4 in one worker thread: models load once per worker; jobs run one at a time (2 cores).
 * A timed-out or aborted job terminates the worker; the next job starts a fresh one.
 */
export class EmbeddedEngine implements OcrEngine {
  readonly id = ENGINE_ID;
  version = "ppocr-v4";
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly config: EmbeddedConfig = {},
    private readonly timeoutMs = 60_000,
    private readonly tuning?: Partial<PipelineTuning>,
  ) {}

  recognize(image: Uint8Array, opts: RecognizeOptions = {}, signal?: AbortSignal): Promise<OcrResult> {
    return this.enqueue(image, opts, signal) as Promise<OcrResult>;
  }

  async warmup(): Promise<void> {
    const r = (await this.enqueue(null, {})) as { version: string };
    this.version = r.version;
  }

  async close(): Promise<void> {
    this.closed = true;
    const err = new OcrError("OCR_CLOSED", "OCR engine closed");
    for (const j of this.queue) j.reject(err);
    this.queue = [];
    if (this.running) this.finish(this.running, err);
    await this.stopWorker();
  }

  private enqueue(bytes: Uint8Array | null, opts: RecognizeOptions, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new OcrError("OCR_CLOSED", "OCR engine closed"));
    if (signal?.aborted) return Promise.reject(new OcrError("OCR_ABORTED", "OCR request aborted"));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, bytes, opts, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          if (this.running === job) {
            this.finish(job, new OcrError("OCR_ABORTED", "OCR request aborted"));
            void this.stopWorker().then(() => this.pump());
          } else {
            this.queue = this.queue.filter((j) => j !== job);
            reject(new OcrError("OCR_ABORTED", "OCR request aborted"));
          }
        };
        signal.addEventListener("abort", job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL("./worker-entry.mjs", import.meta.url), {
      workerData: { config: this.config, tuning: this.tuning },
    });
    w.unref();
    w.on("message", (msg: Reply) => {
      const job = this.running;
      if (!job || job.id !== msg.id) return;
      if (msg.ok) this.finish(job, null, msg.result);
      else this.finish(job, deserializeError(msg.error));
      this.pump();
    });
    w.on("error", (err) => {
      if (this.worker === w) this.worker = null;
      if (this.running) this.finish(this.running, new OcrError("OCR_ENGINE", `OCR worker failed: ${err.message}`));
      this.pump();
    });
    w.on("exit", () => {
      if (this.worker === w) this.worker = null;
    });
    this.worker = w;
    return w;
  }

  private async stopWorker(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private finish(job: Job, err: OcrError | null, result?: unknown) {
    if (this.running === job) this.running = null;
    if (job.timer) clearTimeout(job.timer);
    if (job.signal && job.onAbort) job.signal.removeEventListener("abort", job.onAbort);
    if (err) job.reject(err);
    else job.resolve(result);
  }

  private pump() {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    const w = this.ensureWorker();
    // keep the process alive while work is pending
    w.ref();
    job.timer = setTimeout(() => {
      if (this.running !== job) return;
      this.finish(job, new OcrError("OCR_TIMEOUT", `OCR timed out after ${this.timeoutMs} ms`));
      void this.stopWorker().then(() => this.pump());
    }, this.timeoutMs);
    const done = () => {
      if (!this.running && this.queue.length === 0) this.worker?.unref();
    };
    const p = new Promise<void>((r) => {
      const orig = job.resolve;
      const origRej = job.reject;
      job.resolve = (v) => {
        orig(v);
        r();
      };
      job.reject = (e) => {
        origRej(e);
        r();
      };
    });
    void p.then(done);
    if (job.bytes) {
      w.postMessage({ type: "recognize", id: job.id, bytes: job.bytes, opts: job.opts });
    } else {
      w.postMessage({ type: "warmup", id: job.id });
    }
  }
}
