import { Worker } from "node:worker_threads";
import type { GradeInput } from "@essay/grading";
import type { GradedEssay } from "./grade-essay.ts";

interface Task {
  id: number;
  input: GradeInput;
  resolve: (graded: GradedEssay) => void;
  reject: (error: Error) => void;
}

type Reply =
  | { id: number; ok: true; graded: GradedEssay }
  | { id: number; ok: false; error: { name?: string; message: string } };

/**
 * The embedded grader in worker threads: grading a long essay takes the CPU for seconds (three languages of
 * feedback), which on the server's own thread would stall every request meanwhile. `size` threads (the grading
 * concurrency), started on first use, each grading one essay at a time; a thread that dies fails its essay (the job
 * is retried) and is replaced on the next.
 */
export class GradingPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly waiting: Task[] = [];
  private started = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  grade(input: GradeInput): Promise<GradedEssay> {
    if (this.closed) return Promise.reject(new Error("grading pool closed"));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, input, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error("grading pool closed"));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    for (const [, task] of this.busy) task.reject(new Error("grading pool closed"));
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? (this.started < this.size ? this.spawn() : null);
      if (!worker) return;
      const task = this.waiting.shift() as Task;
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, input: task.input });
    }
  }

  private spawn(): Worker {
    this.started++;
    const worker = new Worker(new URL("./worker-entry.mjs", import.meta.url));
    worker.on("message", (reply: Reply) => {
      const task = this.busy.get(worker);
      if (!task || task.id !== reply.id) return;
      this.busy.delete(worker);
      // an idle thread does not keep the process alive
      worker.unref();
      this.idle.push(worker);
      if (reply.ok) task.resolve(reply.graded);
      else task.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name ?? "Error" }));
      this.pump();
    });
    const gone = (error: Error) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.started--;
      task?.reject(error);
      if (!this.closed) this.pump();
    };
    worker.on("error", (error) => gone(new Error(`grading thread failed: ${error.message}`)));
    worker.on("exit", (code) => {
      if (this.busy.has(worker) || this.idle.includes(worker)) gone(new Error(`grading thread exited (${code})`));
    });
    return worker;
  }
}
