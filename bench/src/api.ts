/**
 * API benchmark on loopback against the real server (spawned on a temporary data folder).
 *   npm run -s bench:api -- [--photos DIR] [--count 10] [--requests 5000] [--concurrency 50] [--json]
 * 1. GET /api/manuscripts/:id with `--concurrency` clients until `--requests` responses: req/s, p50/p99.
 * 2. `--count` real photos uploaded at once: time from upload to ocr_completed, then confirm all at once:
 *    time from confirm to graded.
 * 3. Multi-page essays (three page photos each, from `--classroom`'s manifest), each page its own `upload` call in
 *    reading order: time from the first upload to "every page read" (ocr_completed), for one essay alone (`--solo`
 *    runs one after another) and for `--essays` essays at once.
 * 4. `--clients` clients on GET /api/manuscripts/:id, /api/auth/me and /api/config/countries, idle and while
 *    `--long` long essays (8 dense pages each, from `--grading`'s sets) are graded at once.
 * 5. The reports page: `--reports` essays of the grading screen and `--classes` classes (40 students, 5 assignments
 *    each) seeded for the teacher, another teacher's beside them; filtered pages of GET /api/reports timed one after
 *    another and from 10 clients at once.
 * `--only read,photos,paged,load,reports` runs some sections; `--server DIR` benchmarks another checkout's server (a
 * before/after comparison).
 * DATABASE_URL in the environment benchmarks PostgreSQL instead of the embedded PGlite.
 * With --json the last line printed is one JSON object.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { hashPassword } from "../../apps/server/src/modules/accounts/passwords.ts";
import { insertUser } from "../../apps/server/src/modules/accounts/users.repo.ts";
import { type PagedEssay, pagedEssays } from "./api/essays.ts";
import { loadWhileGrading, longEssays } from "./api/load.ts";
import { seedReports, timeReports } from "./api/reports.ts";
import { startServer } from "./api/server.ts";
import { summary } from "./api/stats.ts";

interface Args {
  photos: string;
  classroom: string;
  count: number;
  essays: number;
  solo: number;
  requests: number;
  concurrency: number;
  json: boolean;
  grading: string;
  long: number;
  clients: number;
  reports: number;
  classes: number;
  only: Set<string>;
  server: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    photos: "/work/shared/datasets/ocr/samples",
    classroom: "/work/shared/datasets/ocr-classroom",
    count: 10,
    essays: 10,
    solo: 5,
    requests: 5000,
    concurrency: 50,
    json: false,
    grading: "/work/shared/datasets/grading",
    long: 10,
    clients: 50,
    reports: 1000,
    classes: 3,
    only: new Set(["read", "photos", "paged", "load", "reports"]),
    server: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${k} needs a value`);
      return v;
    };
    if (k === "--photos") a.photos = next();
    else if (k === "--classroom") a.classroom = next();
    else if (k === "--count") a.count = Number(next());
    else if (k === "--essays") a.essays = Number(next());
    else if (k === "--solo") a.solo = Number(next());
    else if (k === "--requests") a.requests = Number(next());
    else if (k === "--concurrency") a.concurrency = Number(next());
    else if (k === "--json") a.json = true;
    else if (k === "--grading") a.grading = next();
    else if (k === "--long") a.long = Number(next());
    else if (k === "--clients") a.clients = Number(next());
    else if (k === "--reports") a.reports = Number(next());
    else if (k === "--classes") a.classes = Number(next());
    else if (k === "--only") a.only = new Set(next().split(","));
    else if (k === "--server") a.server = next();
    else if (k === "--help" || k === "-h") {
      console.log(
        "usage: bench:api -- [--photos DIR] [--count 10] [--classroom DIR] [--solo 5] [--essays 10] [--requests 5000] [--concurrency 50] [--grading DIR] [--long 10] [--clients 50] [--reports 1000] [--classes 3] [--only read,photos,paged,load,reports] [--server DIR] [--json]",
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${k}`);
  }
  return a;
}

/** What the bench reads from a manuscript response. */
interface Ms {
  id: string;
  status: string;
  ocrText: string | null;
  score: number | null;
  job: { state: string } | null;
  pages?: { ocrText: string | null }[];
}
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies from the server, read loosely
type Body = any;

const PASSWORD = "Bench#2024pass";
const now = () => performance.now();

class Client {
  cookie = "";
  constructor(readonly baseUrl: string) {}
  async json(method: string, p: string, body?: unknown): Promise<{ status: number; body: Body }> {
    const res = await fetch(`${this.baseUrl}${p}`, {
      method,
      headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), cookie: this.cookie },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) this.cookie = c.split(";")[0] ?? "";
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  async upload(id: string, bytes: Uint8Array, name: string): Promise<{ status: number; body: Body }> {
    const form = new FormData();
    form.append("image", new Blob([bytes]), name);
    const res = await fetch(`${this.baseUrl}/api/manuscripts/${id}/upload`, {
      method: "POST",
      headers: { cookie: this.cookie },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }
}

async function photos(dir: string, count: number): Promise<{ name: string; bytes: Buffer; truth: string }[]> {
  const names = (await readdir(dir)).filter((n) => /\.(jpe?g|png)$/i.test(n)).sort();
  if (names.length === 0) throw new Error(`no JPEG/PNG photos in ${dir}`);
  const out = [];
  for (let i = 0; i < count; i++) {
    const name = names[i % names.length] as string;
    const truthFile = path.join(dir, name.replace(/\.[^.]+$/, ".txt"));
    const truth = await readFile(truthFile, "utf8").catch(() => "");
    out.push({ name, bytes: await readFile(path.join(dir, name)), truth });
  }
  return out;
}

async function waitAll(client: Client, ids: string[], until: (m: Ms) => boolean, t0: Map<string, number>) {
  const done = new Map<string, { ms: number; m: Ms }>();
  const deadline = now() + 15 * 60_000;
  while (done.size < ids.length) {
    if (now() > deadline) throw new Error(`timed out waiting; ${done.size}/${ids.length} done`);
    await Promise.all(
      ids
        .filter((id) => !done.has(id))
        .map(async (id) => {
          const res = await client.json("GET", `/api/manuscripts/${id}`);
          if (res.body?.job?.state === "failed") throw new Error(`job failed: ${JSON.stringify(res.body.job)}`);
          if (until(res.body)) done.set(id, { ms: now() - (t0.get(id) ?? 0), m: res.body });
        }),
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  return done;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = (...s: unknown[]) => {
    if (!args.json) console.log(...s);
    else console.error(...s);
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), "essay-bench-api-"));
  const databaseUrl = process.env.DATABASE_URL;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    // The teacher is created before the server starts (PGlite allows one process).
    const database = await openDatabase(
      databaseUrl ? { kind: "postgres", url: databaseUrl, poolSize: 1 } : { kind: "pglite", dir: dataDir },
    );
    const phoneNumber = `+86139${String(Date.now()).slice(-8)}`;
    const teacher = await insertUser(database.db, {
      phoneNumber,
      name: "Bench Teacher",
      role: "teacher",
      workLanguage: "en",
      passwordHash: await hashPassword(PASSWORD),
      hasCustomPassword: true,
      isVerified: true,
    });
    const seeded = args.only.has("reports")
      ? await seedReports(database.db, teacher.id, args.reports, args.classes)
      : null;
    await database.close();

    const started = now();
    server = await startServer({ DATA_DIR: dataDir, NODE_ENV: "production" }, args.server);
    log(`server up in ${Math.round(now() - started)} ms (${databaseUrl ? "PostgreSQL" : "PGlite"}, ${dataDir})`);
    const client = new Client(server.baseUrl);
    const login = await client.json("POST", "/api/auth/login-password", { phoneNumber, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);

    const student = { studentName: "Bench Student", studentClass: "Bench", studentId: "B0" };
    const result: Record<string, unknown> = {
      bench: "api",
      database: databaseUrl ? "postgres" : "pglite",
      cores: cpus().length,
      server: args.server ?? "this checkout",
    };
    if (seeded) {
      // The reports list over the seeded history, first (the sections below add essays to it).
      const reports = {
        seeded: seeded.teacherEssays,
        ...(await timeReports(async (p) => {
          const res = await client.json("GET", p);
          return { status: res.status, total: res.body?.total ?? -1 };
        }, 300)),
      };
      log(
        `GET /api/reports (filtered pages over ${reports.seeded} essays): one client p50 ${reports.oneClientMs.p50} ms p95 ${reports.oneClientMs.p95} ms; 10 clients p95 ${reports.tenClientsMs.p95} ms`,
      );
      result.reports = reports;
    }
    if (args.only.has("read")) {
      // 1. Read throughput.
      const one = await client.json("POST", "/api/manuscripts", student);
      const readPath = `/api/manuscripts/${one.body.id}`;
      for (let i = 0; i < 200; i++) await client.json("GET", readPath); // warm-up
      const latencies: number[] = [];
      let issued = 0;
      let errors = 0;
      const t0 = now();
      await Promise.all(
        Array.from({ length: args.concurrency }, async () => {
          while (issued < args.requests) {
            issued++;
            const s = now();
            const res = await fetch(`${server?.baseUrl}${readPath}`, { headers: { cookie: client.cookie } });
            await res.arrayBuffer();
            latencies.push(now() - s);
            if (res.status !== 200) errors++;
          }
        }),
      );
      const elapsed = (now() - t0) / 1000;
      const read = {
        requests: latencies.length,
        concurrency: args.concurrency,
        errors,
        rps: Math.round(latencies.length / elapsed),
        latencyMs: summary(latencies),
      };
      log(`GET /api/manuscripts/:id  ${read.rps} req/s  p50 ${read.latencyMs.p50} ms  p99 ${read.latencyMs.p99} ms`);

      result.read = read;
    }
    if (args.only.has("photos")) {
      // 2. Photos uploaded at once → ocr_completed; confirm at once → graded.
      const items = await photos(args.photos, args.count);
      const ids: string[] = [];
      for (let i = 0; i < items.length; i++) {
        ids.push((await client.json("POST", "/api/manuscripts", { ...student, studentId: `B${i + 1}` })).body.id);
      }
      const uploadStart = new Map<string, number>();
      const uploadMs: number[] = [];
      const batch0 = now();
      await Promise.all(
        items.map(async (item, i) => {
          const id = ids[i] as string;
          uploadStart.set(id, now());
          const res = await client.upload(id, item.bytes, item.name);
          if (res.status !== 200) throw new Error(`upload ${item.name}: ${res.status} ${JSON.stringify(res.body)}`);
          uploadMs.push(now() - (uploadStart.get(id) ?? 0));
        }),
      );
      const recognised = await waitAll(client, ids, (m) => m.status === "ocr_completed", uploadStart);
      const ocrMakespan = now() - batch0;
      log(
        `upload → ocr_completed for ${ids.length} photos: ${JSON.stringify(summary([...recognised.values()].map((v) => v.ms)))}`,
      );

      const confirmStart = new Map<string, number>();
      const batch1 = now();
      await Promise.all(
        ids.map(async (id, i) => {
          const text = recognised.get(id)?.m.ocrText?.trim() || items[i]?.truth || "The text could not be read.";
          confirmStart.set(id, now());
          const res = await client.json("POST", `/api/manuscripts/${id}/confirm-text`, { confirmedText: text });
          if (res.status !== 200) throw new Error(`confirm: ${res.status} ${JSON.stringify(res.body)}`);
        }),
      );
      const graded = await waitAll(client, ids, (m) => m.status === "graded", confirmStart);
      const gradeMakespan = now() - batch1;
      log(`confirm → graded for ${ids.length}: ${JSON.stringify(summary([...graded.values()].map((v) => v.ms)))}`);

      result.photos = {
        count: ids.length,
        dir: args.photos,
        uploadRequestMs: summary(uploadMs),
        uploadToOcrCompletedMs: summary([...recognised.values()].map((v) => v.ms)),
        ocrMakespanMs: Math.round(ocrMakespan),
        confirmToGradedMs: summary([...graded.values()].map((v) => v.ms)),
        gradeMakespanMs: Math.round(gradeMakespan),
        scores: [...graded.values()].map((v) => v.m.score),
      };
    }
    if (args.only.has("paged")) {
      // 3. Three-page essays: one alone (several runs, one after another), then `--essays` at once.
      const essays = await pagedEssays(args.classroom, 3);
      const readEssays = async (n: number, label: string) => {
        const ids: string[] = [];
        for (let i = 0; i < n; i++) {
          ids.push((await client.json("POST", "/api/manuscripts", { ...student, studentId: `${label}${i}` })).body.id);
        }
        const start = new Map<string, number>();
        await Promise.all(
          ids.map(async (id, i) => {
            const essay = essays[i % essays.length] as PagedEssay;
            start.set(id, now());
            // one call per page, in reading order, as the grading screen sends them
            for (const page of essay.pages) {
              const res = await client.upload(id, page.bytes, page.name);
              if (res.status !== 200) throw new Error(`upload ${page.name}: ${res.status} ${JSON.stringify(res.body)}`);
            }
          }),
        );
        const done = await waitAll(client, ids, (m) => m.status === "ocr_completed" && m.job === null, start);
        const values = [...done.values()];
        const emptyPages = values.reduce((a, v) => a + (v.m.pages ?? []).filter((p) => !p.ocrText?.trim()).length, 0);
        return {
          ms: values.map((v) => v.ms),
          emptyPages,
          pages: values.reduce((a, v) => a + (v.m.pages ?? []).length, 0),
        };
      };
      const solo: number[] = [];
      let soloEmpty = 0;
      for (let r = 0; r < args.solo; r++) {
        const one = await readEssays(1, `S${r}-`);
        solo.push(...one.ms);
        soloEmpty += one.emptyPages;
      }
      log(`three-page essay alone, upload → every page read (${args.solo} runs): ${JSON.stringify(summary(solo))}`);
      const batch = await readEssays(args.essays, "E");
      log(`${args.essays} three-page essays at once, upload → every page read: ${JSON.stringify(summary(batch.ms))}`);

      result.threePageEssays = {
        classroom: args.classroom,
        essays: essays.map((e) => e.id),
        alone: { runs: args.solo, uploadToAllPagesReadMs: summary(solo), emptyPages: soloEmpty },
        atOnce: {
          count: args.essays,
          uploadToAllPagesReadMs: summary(batch.ms),
          pages: batch.pages,
          emptyPages: batch.emptyPages,
        },
      };
    }
    if (args.only.has("load")) {
      // 4. Reads under load, idle and while long essays are graded.
      const [photo] = await photos(args.photos, 1);
      if (!photo) throw new Error("no photo");
      const load = await loadWhileGrading(client, {
        clients: args.clients,
        idleRequests: args.requests,
        essays: await longEssays(args.grading, args.long, 20_000),
        photo,
      });
      for (const [label, figures] of [
        ["idle", load.idle],
        ["while grading", load.whileGrading],
      ] as const) {
        for (const [p, f] of Object.entries(figures)) {
          log(
            `${label.padEnd(13)} ${p.replace(/[0-9a-f-]{36}/, ":id").padEnd(28)} ${f.rps} req/s  p50 ${f.latencyMs.p50} ms  p99 ${f.latencyMs.p99} ms  max ${f.latencyMs.max} ms  errors ${f.errors}`,
          );
        }
      }
      log(`${load.essays.count} long essays confirm → graded: ${JSON.stringify(load.confirmToGradedMs)}`);
      result.load = load;
    }
    console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
