import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { createGrader } from "@essay/grading";
import { createOcrEngine, type OcrEngine } from "@essay/ocr";
import sharp from "sharp";
import { buildApp } from "../src/http/app.ts";
import { DEFAULT_JOBS_CONFIG, JobQueue, type JobsConfig } from "../src/jobs/queue.ts";
import { startWorkers } from "../src/jobs/registry.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import { LocalStorage } from "../src/providers/storage/index.ts";
import { type DatabaseKind, openTestDatabase } from "./databases.ts";
import { listenTestApp, TEST_HASHING, type TestApp, type TestClient } from "./harness.ts";

export interface ManuscriptTestApp extends TestApp {
  storage: LocalStorage;
  queue: JobQueue;
  dataDir: string;
}

/** Fast job settings for tests: quick polling, one quick retry. */
export const TEST_JOBS: JobsConfig = {
  ...DEFAULT_JOBS_CONFIG,
  retryLimit: 1,
  retryDelaySeconds: 1,
  pollSeconds: 0.5,
  maintenanceSeconds: 5,
  expireSeconds: 120,
};

/** The real app with storage in a temp folder, pg-boss on the test database and real engines as workers. */
export async function startManuscriptApp(kind: DatabaseKind, ocr: OcrEngine): Promise<ManuscriptTestApp> {
  const testDb = await openTestDatabase(kind);
  const dataDir = await mkdtemp(path.join(tmpdir(), "essay-ms-"));
  const storage = new LocalStorage(path.join(dataDir, "files"));
  const queue = new JobQueue(testDb.database, TEST_JOBS);
  await queue.start();
  const sms = new DemoSmsProvider();
  const app = await buildApp({
    config: { publicUrl: undefined, logLevel: "silent", nodeEnv: "test" },
    database: testDb.database,
    sms,
    manuscripts: { storage, queue },
    passwordHashing: TEST_HASHING,
  });
  await startWorkers(queue, {
    db: testDb.database.db,
    log: app.log,
    storage,
    ocr,
    grader: createGrader({ provider: "embedded" }),
  });
  const base = await listenTestApp(kind, testDb, app, sms);
  return {
    ...base,
    storage,
    queue,
    dataDir,
    async close() {
      await queue.stop({ graceful: false, timeoutMs: 1000 }).catch(() => {});
      await base.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One embedded OCR engine per test file (models load once, in a worker thread). */
export function sharedOcr(): OcrEngine {
  // One onnxruntime thread: test files run in parallel on few cores.
  return createOcrEngine({ provider: "embedded", timeoutMs: 120_000, embedded: { threads: 1 } });
}

export const ESSAY_LINES = [
  "Our school held a sports day last Friday.",
  "Many students ran races and played games.",
  "Everyone cheered for their classmates.",
];

/** A white page with printed lines of text, as PNG or JPEG. */
export async function renderPage(
  lines: string[] = ESSAY_LINES,
  format: "png" | "jpeg" = "png",
  opts: { size?: number; width?: number } = {},
): Promise<Buffer> {
  const size = opts.size ?? 40;
  const width = opts.width ?? 1000;
  const height = Math.round(size * 1.8 * lines.length + size * 2);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const texts = lines
    .map(
      (l, i) =>
        `<text x="${size}" y="${size * 1.5 + i * size * 1.8}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#111">${esc(l)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`;
  const img = sharp(Buffer.from(svg));
  return format === "png" ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
}

/** POST multipart with one file field, using the client's cookies. */
export async function uploadFile(
  client: TestClient,
  id: string,
  bytes: Uint8Array,
  filename = "essay.jpg",
  type = "image/jpeg",
  field = "image",
) {
  return postImage(client, `/api/manuscripts/${id}/upload`, bytes, filename, type, field);
}

/** POST multipart with one file field to any upload address. */
export async function postImage(
  client: TestClient,
  url: string,
  bytes: Uint8Array,
  filename = "essay.jpg",
  type = "image/jpeg",
  field = "image",
) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${client.baseUrl}${url}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: form,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: checked by the tests
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body };
}

/** GET a photo with the client's cookies: status and bytes. */
export async function fetchImage(client: TestClient, url: string): Promise<{ status: number; bytes: Buffer }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${client.baseUrl}${url}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A PNG signature and IHDR announcing `width` × `height` grey pixels with no real data (a decompression bomb). */
export function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Polls GET until `done` holds or the time runs out. */
export async function pollManuscript(
  client: TestClient,
  id: string,
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  done: (m: any) => boolean,
  timeoutMs = 120_000,
  intervalMs = 250,
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/manuscripts/${id}`);
    if (done(res.body)) return res.body;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(res.body).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
