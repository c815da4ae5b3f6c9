import { readFile } from "node:fs/promises";
import { summary } from "./stats.ts";

/** What the load section needs from the bench's HTTP client. */
export interface LoadClient {
  baseUrl: string;
  cookie: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies from the server, read loosely
  json(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies from the server, read loosely
  upload(id: string, bytes: Uint8Array, name: string): Promise<{ status: number; body: any }>;
}

const now = () => performance.now();

/**
 * Long essays from the grading sets: real essays of one language joined (a paragraph break between them) up to
 * `chars` characters — the length of 8 dense pages, the most an essay may be. Chinese and English alternate.
 */
export async function longEssays(
  dir: string,
  count: number,
  chars: number,
): Promise<{ text: string; topic: string }[]> {
  const read = async (file: string) =>
    (await readFile(`${dir}/${file}`, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { text: string; prompt_text: string });
  const sets = [await read("cn-multitrait-dev.jsonl"), await read("asap-p1-6-dev.jsonl")];
  return Array.from({ length: count }, (_, i) => {
    const rows = sets[i % 2] ?? [];
    let text = "";
    for (let k = Math.floor(i / 2) * 7; text.length < chars - 200 && k < rows.length * 2; k++) {
      const row = rows[k % rows.length];
      if (!row || text.length + row.text.length + 2 > chars) continue;
      text += (text ? "\n\n" : "") + row.text;
    }
    return { text, topic: rows[0]?.prompt_text ?? "" };
  });
}

export interface EndpointFigures {
  requests: number;
  errors: number;
  rps: number;
  latencyMs: ReturnType<typeof summary>;
}

/**
 * `clients` concurrent clients, each requesting the paths in turn, until `until()` says stop (checked between
 * requests): per path, requests, non-200 answers, req/s and latency.
 */
export async function hammer(
  client: LoadClient,
  paths: string[],
  clients: number,
  until: () => boolean,
): Promise<Record<string, EndpointFigures>> {
  const lat = new Map<string, number[]>(paths.map((p) => [p, []]));
  const errs = new Map<string, number>(paths.map((p) => [p, 0]));
  const t0 = now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; !until(); i++) {
        const p = paths[i % paths.length] as string;
        const s = now();
        const res = await fetch(`${client.baseUrl}${p}`, { headers: { cookie: client.cookie } });
        await res.arrayBuffer();
        lat.get(p)?.push(now() - s);
        if (res.status !== 200) errs.set(p, (errs.get(p) ?? 0) + 1);
      }
    }),
  );
  const seconds = (now() - t0) / 1000;
  const out: Record<string, EndpointFigures> = {};
  for (const p of paths) {
    const values = lat.get(p) ?? [];
    out[p] = {
      requests: values.length,
      errors: errs.get(p) ?? 0,
      rps: Math.round(values.length / seconds),
      latencyMs: summary(values),
    };
  }
  return out;
}

/**
 * 4. Reads under load, with and without grading: `clients` clients on GET /api/manuscripts/:id, /api/auth/me and
 * /api/config/countries — first for `idleRequests` requests with nothing else running, then for as long as `essays`
 * long essays (confirmed at once) take to be graded.
 */
export async function loadWhileGrading(
  client: LoadClient,
  opts: {
    clients: number;
    idleRequests: number;
    essays: { text: string; topic: string }[];
    photo: { name: string; bytes: Buffer };
  },
) {
  const student = { studentName: "Load Student", studentClass: "Load", studentId: "L0" };
  const ids: string[] = [];
  for (let i = 0; i < opts.essays.length; i++) {
    const essay = opts.essays[i] as { text: string; topic: string };
    const created = await client.json("POST", "/api/manuscripts", {
      ...student,
      studentId: `L${i}`,
      topic: essay.topic,
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    // a page is needed before the text can be confirmed; its recognition is superseded by the confirmation
    const up = await client.upload(created.body.id, opts.photo.bytes, opts.photo.name);
    if (up.status !== 200) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
    ids.push(created.body.id);
  }
  // the pages are read before anything is measured: the idle figures have nothing else running
  for (const id of ids) {
    for (;;) {
      const res = await client.json("GET", `/api/manuscripts/${id}`);
      if (res.body?.status === "ocr_completed" && res.body?.job === null) break;
      if (res.body?.job?.state === "failed") throw new Error(`recognition failed: ${JSON.stringify(res.body.job)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const paths = [`/api/manuscripts/${ids[0]}`, "/api/auth/me", "/api/config/countries"];
  let issued = 0;
  const idle = await hammer(client, paths, opts.clients, () => issued++ >= opts.idleRequests);

  const t0 = now();
  const gradedAt = new Map<string, number>();
  await Promise.all(
    ids.map(async (id, i) => {
      const res = await client.json("POST", `/api/manuscripts/${id}/confirm-text`, {
        confirmedText: opts.essays[i]?.text,
      });
      if (res.status !== 200) throw new Error(`confirm: ${res.status} ${JSON.stringify(res.body)}`);
    }),
  );
  let allGraded = false;
  const watcher = (async () => {
    while (!allGraded) {
      for (const id of ids.filter((x) => !gradedAt.has(x))) {
        const res = await client.json("GET", `/api/manuscripts/${id}`);
        if (res.body?.job?.state === "failed") throw new Error(`grading failed: ${JSON.stringify(res.body.job)}`);
        if (res.body?.status === "graded") gradedAt.set(id, now() - t0);
      }
      allGraded = gradedAt.size === ids.length;
      if (!allGraded) await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const grading = await hammer(client, paths, opts.clients, () => allGraded);
  await watcher;
  return {
    clients: opts.clients,
    essays: { count: ids.length, chars: opts.essays.map((e) => e.text.length) },
    idle,
    whileGrading: grading,
    confirmToGradedMs: summary([...gradedAt.values()]),
  };
}
