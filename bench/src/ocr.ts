/**
 * OCR benchmark.
 *   npm run -s bench:ocr -- --manifest PATH [--steps LIST] [--stacked] [--no-plain] [--json] [--ablate] [--synthetic DIR]
 * A record with `page_images` is read page by page (each photo alone, the texts joined in order: how the product reads
 * a multi-page essay); `--stacked` reads its `image` (the pages stacked in one tall image) instead.
 * Every sample is also read the plain way (the same models, no preprocessing steps: `--steps none`) and its CER is
 * printed beside the pipeline's; a sample where the pipeline is worse by more than 2 points is marked.
 * --steps: comma list applied over the defaults: "none", "all", "name" (on) or "-name" (off).
 * --ablate: also run once per step with that step switched off, and report the difference.
 * --synthetic DIR: generate synthetic grid/lined pages into DIR (outside the repo) and use that manifest.
 * With --json the last line printed is one JSON object with the overall figures.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  createOcrEngine,
  DEFAULT_STEPS,
  DOUBTFUL_BELOW,
  type OcrEngine,
  type OcrLine,
  type OcrSteps,
} from "@essay/ocr";
import { percentile, primaryLanguage, score } from "./ocr/cer.ts";
import { addCounts, countMarks, type MarkCounts, markFigures, scoredChars, THRESHOLDS } from "./ocr/marks.ts";
import { generateSynthetic } from "./ocr/synth.ts";

interface ManifestEntry {
  id: string;
  image: string;
  /** The essay's page photos in reading order (read one by one unless --stacked). */
  page_images?: string[];
  text: string;
  language: string;
  level?: string;
  writer?: string;
}

interface Args {
  manifest?: string;
  steps?: string;
  json: boolean;
  ablate: boolean;
  stacked: boolean;
  plain: boolean;
  synthetic?: string;
  limit?: number;
  only?: string;
}

/** A sample is "worse than plain" when its CER exceeds the plain reading's by more than this. */
const WORSE_BY = 0.02;

const USAGE =
  "usage: bench:ocr -- --manifest PATH [--steps LIST] [--stacked] [--no-plain] [--json] [--ablate] [--synthetic DIR] [--limit N] [--only SUBSTRING]";

function parseArgs(argv: string[]): Args {
  const a: Args = { json: false, ablate: false, stacked: false, plain: true };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === "--manifest") a.manifest = argv[++i];
    else if (k === "--steps") a.steps = argv[++i];
    else if (k === "--json") a.json = true;
    else if (k === "--ablate") a.ablate = true;
    else if (k === "--stacked") a.stacked = true;
    else if (k === "--no-plain") a.plain = false;
    else if (k === "--synthetic") a.synthetic = argv[++i];
    else if (k === "--limit") a.limit = Number(argv[++i]);
    else if (k === "--only") a.only = argv[++i];
    else if (k === "--help" || k === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${k}\n${USAGE}`);
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

const PLAIN_STEPS = parseSteps("none");
const MARK_THRESHOLDS = [...new Set([...THRESHOLDS, DOUBTFUL_BELOW])].sort((a, b) => a - b);

interface SampleResult {
  id: string;
  language: string;
  writer?: string;
  /** Photos read for this sample (1 for a stacked image). */
  pages: number;
  cer: number;
  cer_no_punct: number;
  edits: number;
  edits_no_punct: number;
  ref_chars: number;
  ref_chars_no_punct: number;
  /** Wall time for the whole sample (all its photos). */
  ms: number;
  /** Photos that came back empty. */
  empty_pages: number;
  hyp: string;
}

interface RunSummary {
  steps: OcrSteps;
  cer: number;
  cer_no_punct: number;
  cer_by_language: Record<string, number>;
  cer_no_punct_by_language: Record<string, number>;
  /** Wall time per photo read (a page photo, or a whole image with --stacked). */
  p50_ms: number;
  p95_ms: number;
  /** Process CPU time per photo (all threads), p50: independent of other load on the machine. */
  cpu_p50_ms: number;
  cold_start_ms: number;
  /** Peak RSS of the process at the end of this run (a high-water mark: includes earlier runs). */
  peak_rss_mb: number;
  samples: SampleResult[];
  /** Per-character confidence against the misreadings (absent when the engine gives no characters). */
  marks?: MarkCounts;
}

interface Loaded {
  entry: ManifestEntry;
  /** The photos to read, in order. */
  photos: Uint8Array[];
  ref: string;
}

async function loadEntries(entries: ManifestEntry[], dir: string, stacked: boolean): Promise<Loaded[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const files = !stacked && entry.page_images?.length ? entry.page_images : [entry.image];
      const photos = await Promise.all(files.map((f) => readFile(path.resolve(dir, f))));
      return { entry, photos, ref: await readFile(path.resolve(dir, entry.text), "utf8") };
    }),
  );
}

async function runOnce(
  samples: Loaded[],
  steps: OcrSteps,
  log: (s: string, r: SampleResult) => void,
): Promise<RunSummary> {
  const engine: OcrEngine = createOcrEngine({ provider: "embedded", embedded: { steps }, timeoutMs: 300_000 });
  const first = samples[0]!;
  const tc = performance.now();
  await engine.recognize(first.photos[0]!, { languageHint: first.entry.language });
  const cold = performance.now() - tc;
  const totals = new Map<string, { e: number; n: number; ep: number; np: number }>();
  const add = (k: string, r: SampleResult) => {
    const t = totals.get(k) ?? { e: 0, n: 0, ep: 0, np: 0 };
    t.e += r.edits;
    t.n += r.ref_chars;
    t.ep += r.edits_no_punct;
    t.np += r.ref_chars_no_punct;
    totals.set(k, t);
  };
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const results: SampleResult[] = [];
  let marks: MarkCounts | undefined;
  for (const { entry: e, photos, ref } of samples) {
    const lang = primaryLanguage(e.language);
    const texts: string[] = [];
    let ms = 0;
    let empty = 0;
    const pageLines: OcrLine[][] = [];
    for (const photo of photos) {
      const t = performance.now();
      const c0 = process.cpuUsage();
      const r = await engine.recognize(photo, { languageHint: e.language });
      const dt = performance.now() - t;
      const cpu = process.cpuUsage(c0);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      times.push(dt);
      ms += dt;
      pageLines.push(r.lines);
      if (r.text.trim()) texts.push(r.text);
      else empty++;
    }
    const hyp = texts.join("\n\n");
    const chars = scoredChars(pageLines, lang);
    if (chars) marks = addCounts(marks, countMarks(chars, ref, lang, MARK_THRESHOLDS));
    const s = score(hyp, ref, lang);
    const sp = score(hyp, ref, lang, true);
    const r: SampleResult = {
      id: e.id,
      language: lang,
      ...(e.writer ? { writer: e.writer } : {}),
      pages: photos.length,
      cer: s.edits / Math.max(1, s.refChars),
      cer_no_punct: sp.edits / Math.max(1, sp.refChars),
      edits: s.edits,
      edits_no_punct: sp.edits,
      ref_chars: s.refChars,
      ref_chars_no_punct: sp.refChars,
      ms,
      empty_pages: empty,
      hyp,
    };
    add("all", r);
    add(lang, r);
    results.push(r);
    log(`${e.id.padEnd(32)} ${lang}  CER ${pct(r.cer)}  no-punct ${pct(r.cer_no_punct)}`, r);
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
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    samples: results,
    ...(marks ? { marks } : {}),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let manifestPath = args.manifest;
  if (args.synthetic) manifestPath = await generateSynthetic(args.synthetic);
  if (!manifestPath) throw new Error(`--manifest PATH (or --synthetic DIR) is required\n${USAGE}`);
  const dir = path.dirname(path.resolve(manifestPath));
  let entries = JSON.parse(await readFile(manifestPath, "utf8")) as ManifestEntry[];
  if (args.only) entries = entries.filter((e) => e.id.includes(args.only!));
  if (args.limit) entries = entries.slice(0, args.limit);
  const samples = await loadEntries(entries, dir, args.stacked);
  const photos = samples.reduce((a, s) => a + s.photos.length, 0);
  const steps = parseSteps(args.steps);
  const log = (s: string) => console.log(s);
  const on = (st: OcrSteps) => (Object.keys(st) as (keyof OcrSteps)[]).filter((k) => st[k]).join(",") || "none";
  log(
    `manifest ${manifestPath}: ${entries.length} samples, ${photos} photos (${args.stacked ? "stacked images" : "page by page"}); steps ${on(steps)}`,
  );
  const main = await runOnce(samples, steps, (line, r) =>
    log(
      `${line}  ${r.pages > 1 ? `${r.pages} pages` : "1 page "}  ${r.ms.toFixed(0).padStart(6)} ms${r.empty_pages ? `  ${r.empty_pages} empty` : ""}`,
    ),
  );
  // the pipeline's own peak, before the plain reading's engine loads
  const peak = main.peak_rss_mb;
  const printSummary = (label: string, r: RunSummary) => {
    const langs = Object.entries(r.cer_by_language)
      .map(([k, v]) => `${k} ${pct(v)} (no-punct ${pct(r.cer_no_punct_by_language[k] ?? 0)})`)
      .join("  ");
    log(
      `${label.padEnd(14)} CER ${pct(r.cer)}  no-punct ${pct(r.cer_no_punct)}  ${langs}  p50 ${r.p50_ms.toFixed(0)} ms  p95 ${r.p95_ms.toFixed(0)} ms  cpu p50 ${r.cpu_p50_ms.toFixed(0)} ms  cold ${r.cold_start_ms.toFixed(0)} ms (per photo)`,
    );
  };

  let plain: RunSummary | undefined;
  let worse = 0;
  if (args.plain) {
    log("-- the plain reading (same models, no preprocessing steps)");
    plain = await runOnce(samples, PLAIN_STEPS, () => {});
    log(`${"sample".padEnd(32)} lang  pipeline   plain     diff`);
    for (const [i, r] of main.samples.entries()) {
      const p = plain.samples[i]!;
      const bad = r.cer > p.cer + WORSE_BY;
      if (bad) worse++;
      const diff = (r.cer - p.cer) * 100;
      log(
        `${r.id.padEnd(32)} ${r.language}   ${pct(r.cer)}   ${pct(p.cer)}   ${diff >= 0 ? "+" : ""}${diff.toFixed(1).padStart(5)}${bad ? "  WORSE THAN PLAIN" : ""}${r.empty_pages && !p.empty_pages ? "  EMPTY PAGE" : ""}`,
      );
    }
  }
  const writers = [...new Set(main.samples.map((s) => s.writer).filter((w): w is string => !!w))];
  if (writers.length > 1) {
    for (const w of writers) {
      const of = (r: RunSummary) => {
        const ss = r.samples.filter((s) => s.writer === w);
        return (
          ss.reduce((a, s) => a + s.edits, 0) /
          Math.max(
            1,
            ss.reduce((a, s) => a + s.ref_chars, 0),
          )
        );
      };
      log(`writer ${w.padEnd(24)} CER ${pct(of(main))}${plain ? `  plain ${pct(of(plain))}` : ""}`);
    }
  }
  printSummary("overall", main);
  if (plain) {
    printSummary("plain", plain);
    log(`worse than plain by > ${WORSE_BY * 100} points: ${worse} of ${main.samples.length} samples`);
  }
  const ablation: Record<
    string,
    { cer: number; cer_no_punct: number; cer_by_language: Record<string, number>; p50_ms: number }
  > = {};
  if (args.ablate) {
    for (const k of Object.keys(steps) as (keyof OcrSteps)[]) {
      const variant = { ...steps, [k]: !steps[k] };
      log(`-- ${steps[k] ? "without" : "with"} ${k}`);
      const r = await runOnce(samples, variant, () => {});
      printSummary(`${steps[k] ? "-" : "+"}${k}`, r);
      ablation[`${steps[k] ? "-" : "+"}${k}`] = {
        cer: r.cer,
        cer_no_punct: r.cer_no_punct,
        cer_by_language: r.cer_by_language,
        p50_ms: r.p50_ms,
      };
    }
  }
  const marked = main.marks ? markFigures(main.marks) : [];
  if (main.marks) {
    log(
      `marked characters (confidence below the threshold; ${main.marks.chars} characters, ${main.marks.errors} misread): ${marked
        .map(
          (m) => `<${m.threshold}${m.threshold === DOUBTFUL_BELOW ? "*" : ""} ${pct(m.share)} recall ${pct(m.recall)}`,
        )
        .join("  ")}  (* DOUBTFUL_BELOW)`,
    );
  }
  log(`peak RSS ${peak.toFixed(0)} MB (pipeline run)`);
  if (args.json) {
    console.log(
      JSON.stringify({
        manifest: manifestPath,
        mode: args.stacked ? "stacked" : "pages",
        steps: main.steps,
        cer: main.cer,
        cer_no_punct: main.cer_no_punct,
        cer_by_language: main.cer_by_language,
        cer_no_punct_by_language: main.cer_no_punct_by_language,
        photos,
        p50_ms: main.p50_ms,
        p95_ms: main.p95_ms,
        cpu_p50_ms: main.cpu_p50_ms,
        cold_start_ms: main.cold_start_ms,
        peak_rss_mb: peak,
        empty_pages: main.samples.reduce((a, s) => a + s.empty_pages, 0),
        ...(plain
          ? {
              raw_cer: plain.cer,
              raw_cer_no_punct: plain.cer_no_punct,
              raw_cer_by_language: plain.cer_by_language,
              worse_than_raw: worse,
            }
          : {}),
        samples: main.samples.map(({ hyp: _h, edits: _e, edits_no_punct: _ep, ...s }, i) => {
          const p = plain?.samples[i];
          return p
            ? {
                ...s,
                raw_cer: p.cer,
                raw_cer_no_punct: p.cer_no_punct,
                raw_empty_pages: p.empty_pages,
                worse_than_raw: s.cer > p.cer + WORSE_BY,
              }
            : s;
        }),
        ...(main.marks
          ? {
              marked: {
                threshold: DOUBTFUL_BELOW,
                ...(marked.find((m) => m.threshold === DOUBTFUL_BELOW) ?? {}),
                by_threshold: marked,
              },
            }
          : {}),
        ...(args.ablate ? { ablation } : {}),
      }),
    );
  }
}

await main();
