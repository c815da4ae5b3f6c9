/**
 * OCR benchmark.
 *   npm run -s bench:ocr -- --manifest PATH [--steps LIST] [--json] [--ablate] [--synthetic DIR]
 * --steps: comma list applied over the defaults: "none", "all", "name" (on) or "-name" (off).
 * --ablate: also run once per step with that step switched off, and report the difference.
 * --synthetic DIR: generate synthetic grid/lined pages into DIR (outside the repo) and use that manifest.
 * With --json the last line printed is one JSON object with the overall figures.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createOcrEngine, DEFAULT_STEPS, type OcrSteps } from "@essay/ocr";
import { percentile, primaryLanguage, score } from "./ocr/cer.ts";
import { generateSynthetic } from "./ocr/synth.ts";

interface ManifestEntry {
  id: string;
  image: string;
  text: string;
  language: string;
  level?: string;
}

interface Args {
  manifest?: string;
  steps?: string;
  json: boolean;
  ablate: boolean;
  synthetic?: string;
  limit?: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { json: false, ablate: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === "--manifest") a.manifest = argv[++i];
    else if (k === "--steps") a.steps = argv[++i];
    else if (k === "--json") a.json = true;
    else if (k === "--ablate") a.ablate = true;
    else if (k === "--synthetic") a.synthetic = argv[++i];
    else if (k === "--limit") a.limit = Number(argv[++i]);
    else if (k === "--help" || k === "-h") {
      console.log("usage: bench:ocr -- --manifest PATH [--steps LIST] [--json] [--ablate] [--synthetic DIR]");
      process.exit(0);
    } else throw new Error(`unknown argument ${k}`);
  }
  return a;
}

export function parseSteps(list: string | undefined, base: OcrSteps = DEFAULT_STEPS): OcrSteps {
  const steps: OcrSteps = { ...base };
  if (!list) return steps;
  const keys = Object.keys(steps) as (keyof OcrSteps)[];
  for (const raw of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw === "none" || raw === "all") {
      for (const k of keys) steps[k] = raw === "all";
      continue;
    }
    const off = raw.startsWith("-");
    const name = raw.replace(/^[-+]/, "") as keyof OcrSteps;
    if (!keys.includes(name)) throw new Error(`unknown step "${name}" (known: ${keys.join(", ")})`);
    steps[name] = !off;
  }
  return steps;
}

interface RunSummary {
  steps: OcrSteps;
  cer: number;
  cer_no_punct: number;
  cer_by_language: Record<string, number>;
  cer_no_punct_by_language: Record<string, number>;
  p50_ms: number;
  p95_ms: number;
  /** Process CPU time per page (all threads), p50: independent of other load on the machine. */
  cpu_p50_ms: number;
  cold_start_ms: number;
  samples: { id: string; language: string; cer: number; cer_no_punct: number; ms: number; hyp: string }[];
}

async function runOnce(
  entries: ManifestEntry[],
  dir: string,
  steps: OcrSteps,
  log: (s: string) => void,
): Promise<RunSummary> {
  const engine = createOcrEngine({ provider: "embedded", embedded: { steps }, timeoutMs: 300_000 });
  const images = await Promise.all(entries.map((e) => readFile(path.resolve(dir, e.image))));
  const refs = await Promise.all(entries.map((e) => readFile(path.resolve(dir, e.text), "utf8")));
  const tc = performance.now();
  await engine.recognize(images[0]!, { languageHint: entries[0]!.language });
  const cold = performance.now() - tc;
  const totals = new Map<string, { e: number; n: number; ep: number; np: number }>();
  const add = (k: string, s: { edits: number; refChars: number }, sp: { edits: number; refChars: number }) => {
    const t = totals.get(k) ?? { e: 0, n: 0, ep: 0, np: 0 };
    t.e += s.edits;
    t.n += s.refChars;
    t.ep += sp.edits;
    t.np += sp.refChars;
    totals.set(k, t);
  };
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const samples: RunSummary["samples"] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const lang = primaryLanguage(e.language);
    const t = performance.now();
    const c0 = process.cpuUsage();
    const r = await engine.recognize(images[i]!, { languageHint: e.language });
    const ms = performance.now() - t;
    const cpu = process.cpuUsage(c0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    times.push(ms);
    const s = score(r.text, refs[i]!, lang);
    const sp = score(r.text, refs[i]!, lang, true);
    add("all", s, sp);
    add(lang, s, sp);
    const cer = s.edits / Math.max(1, s.refChars);
    const cerNp = sp.edits / Math.max(1, sp.refChars);
    samples.push({ id: e.id, language: lang, cer, cer_no_punct: cerNp, ms, hyp: r.text });
    log(
      `${e.id.padEnd(32)} ${lang}  CER ${pct(cer)}  no-punct ${pct(cerNp)}  ${ms.toFixed(0).padStart(6)} ms  cpu ${cpuTimes.at(-1)!.toFixed(0).padStart(6)} ms`,
    );
  }
  await engine.close();
  const all = totals.get("all")!;
  const byLang: Record<string, number> = {};
  const byLangNp: Record<string, number> = {};
  for (const [k, t] of totals) {
    if (k === "all") continue;
    byLang[k] = t.e / Math.max(1, t.n);
    byLangNp[k] = t.ep / Math.max(1, t.np);
  }
  return {
    steps,
    cer: all.e / Math.max(1, all.n),
    cer_no_punct: all.ep / Math.max(1, all.np),
    cer_by_language: byLang,
    cer_no_punct_by_language: byLangNp,
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    cpu_p50_ms: percentile(cpuTimes, 50),
    cold_start_ms: cold,
    samples,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`;

function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let manifestPath = args.manifest;
  if (args.synthetic) manifestPath = await generateSynthetic(args.synthetic);
  if (!manifestPath) throw new Error("--manifest PATH (or --synthetic DIR) is required");
  const dir = path.dirname(path.resolve(manifestPath));
  let entries = JSON.parse(await readFile(manifestPath, "utf8")) as ManifestEntry[];
  if (args.limit) entries = entries.slice(0, args.limit);
  const steps = parseSteps(args.steps);
  const log = (s: string) => console.log(s);
  const on = (st: OcrSteps) => (Object.keys(st) as (keyof OcrSteps)[]).filter((k) => st[k]).join(",") || "none";
  log(`manifest ${manifestPath}: ${entries.length} samples; steps ${on(steps)}`);
  const main = await runOnce(entries, dir, steps, log);
  const printSummary = (label: string, r: RunSummary) => {
    const langs = Object.entries(r.cer_by_language)
      .map(([k, v]) => `${k} ${pct(v)} (no-punct ${pct(r.cer_no_punct_by_language[k] ?? 0)})`)
      .join("  ");
    log(
      `${label.padEnd(14)} CER ${pct(r.cer)}  no-punct ${pct(r.cer_no_punct)}  ${langs}  p50 ${r.p50_ms.toFixed(0)} ms  p95 ${r.p95_ms.toFixed(0)} ms  cpu p50 ${r.cpu_p50_ms.toFixed(0)} ms  cold ${r.cold_start_ms.toFixed(0)} ms`,
    );
  };
  printSummary("overall", main);
  const ablation: Record<
    string,
    { cer: number; cer_no_punct: number; cer_by_language: Record<string, number>; p50_ms: number }
  > = {};
  if (args.ablate) {
    for (const k of Object.keys(steps) as (keyof OcrSteps)[]) {
      const variant = { ...steps, [k]: !steps[k] };
      log(`-- ${steps[k] ? "without" : "with"} ${k}`);
      const r = await runOnce(entries, dir, variant, () => {});
      printSummary(`${steps[k] ? "-" : "+"}${k}`, r);
      ablation[`${steps[k] ? "-" : "+"}${k}`] = {
        cer: r.cer,
        cer_no_punct: r.cer_no_punct,
        cer_by_language: r.cer_by_language,
        p50_ms: r.p50_ms,
      };
    }
  }
  const peak = peakRssMb();
  log(`peak RSS ${peak.toFixed(0)} MB`);
  if (args.json) {
    console.log(
      JSON.stringify({
        manifest: manifestPath,
        steps: main.steps,
        cer: main.cer,
        cer_no_punct: main.cer_no_punct,
        cer_by_language: main.cer_by_language,
        cer_no_punct_by_language: main.cer_no_punct_by_language,
        p50_ms: main.p50_ms,
        p95_ms: main.p95_ms,
        cpu_p50_ms: main.cpu_p50_ms,
        cold_start_ms: main.cold_start_ms,
        peak_rss_mb: peak,
        samples: main.samples.map(({ hyp: _h, ...s }) => s),
        ...(args.ablate ? { ablation } : {}),
      }),
    );
  }
}

await main();
