/**
 * Correction benchmark.
 *   npm run -s bench:correction -- [--manifest PATH] [--labels PATH] [--no-ocr] [--cache DIR] [--json] [--verbose]
 * --manifest: an ocr-classroom style manifest (id, text, page_images, language); default ../shared/datasets/ocr-classroom.
 * --labels: pinyin labels for that manifest ({pinyin: [{id, offset, pinyin, answer[]}]}); default the repo's labels
 *   for ocr-classroom (bench/labels/correction-ocr-classroom.json). Without labels for the manifest, only the
 *   engine-output figures are given.
 * Figures:
 *   pinyin: top-1 accuracy over the labelled runs (a run pointed out without a character counts as a miss), and how
 *     many got a character and how many of those were right;
 *   engine output (each page photo read alone by the current embedded engine, cached under --cache by engine
 *     sources): recognition errors found by aligning the reading with the transcription; of the suggestions that
 *     change the text, the share that bring it closer to the transcription; of those that fall on a recognition
 *     error, the share labelled as the student's own error;
 *   marked characters (recall of recognition errors on low-confidence characters, share marked): when the engine
 *     reports per-character confidence (OcrLine.chars), else "pending".
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CorrectionSuggestion,
  LOW_CONFIDENCE,
  type ReadingEvidence,
  readingsFromLines,
  suggestCorrections,
} from "@essay/grading";
import { align, distance } from "./correction/align.ts";
import { PageReader, type PageReading } from "./correction/readings.ts";

interface Entry {
  id: string;
  text: string;
  page_images?: string[];
  image?: string;
  language: string;
}
interface PinyinLabel {
  id: string;
  offset: number;
  pinyin: string;
  answer: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const manifestPath = path.resolve(
  arg("--manifest") ?? path.join(repo, "../shared/datasets/ocr-classroom/manifest.json"),
);
const labelsPath = arg("--labels") ?? path.join(repo, "bench/labels/correction-ocr-classroom.json");
const cacheDir = arg("--cache") ?? "/tmp/essay-bench-correction";
const withOcr = !process.argv.includes("--no-ocr");
const asJson = process.argv.includes("--json");
const verbose = process.argv.includes("--verbose");
const log = (s: string) => console.log(s);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const dir = path.dirname(manifestPath);
const entries = JSON.parse(await readFile(manifestPath, "utf8")) as Entry[];
const texts = new Map<string, string>();
for (const e of entries) texts.set(e.id, await readFile(path.resolve(dir, e.text), "utf8"));
const feedbackLanguage = "zh-CN" as const;
const suggest = (text: string, language: string, readings?: ReadingEvidence[]) =>
  suggestCorrections(text, { language: language.startsWith("zh") ? "zh" : "en", feedbackLanguage, readings })
    .suggestions;

// --- pinyin in the transcriptions ---------------------------------------------------------------------------
let labels: PinyinLabel[] = [];
try {
  labels = (JSON.parse(await readFile(labelsPath, "utf8")) as { pinyin: PinyinLabel[] }).pinyin.filter((l) =>
    texts.has(l.id),
  );
} catch {
  log(`no labels at ${labelsPath}: pinyin figures skipped`);
}
const transcriptionSuggestions = new Map<string, CorrectionSuggestion[]>();
let right = 0;
let given = 0;
let givenRight = 0;
for (const l of labels) {
  const text = texts.get(l.id)!;
  if (text.slice(l.offset, l.offset + l.pinyin.length) !== l.pinyin)
    throw new Error(`label ${l.id}@${l.offset}: the transcription has no "${l.pinyin}" there`);
  const lang = entries.find((e) => e.id === l.id)!.language;
  if (!transcriptionSuggestions.has(l.id)) transcriptionSuggestions.set(l.id, suggest(text, lang));
  const s = transcriptionSuggestions.get(l.id)!.find((x) => x.start === l.offset && x.original === l.pinyin);
  const named = s && s.suggested !== s.original ? s.suggested : undefined;
  const ok = named !== undefined && l.answer.includes(named);
  if (named !== undefined) given++;
  if (ok) {
    right++;
    givenRight++;
  }
  if (verbose && !ok)
    log(
      `  miss ${l.id}@${l.offset} ${l.pinyin}: ${named ?? `(none; ${s?.alternatives?.join("") ?? "-"})`} want ${l.answer.join("/")}`,
    );
}
const pinyin = {
  labelled: labels.length,
  top1: labels.length ? right / labels.length : 0,
  named: given,
  namedRight: givenRight,
  precision: given ? givenRight / given : 0,
};
if (labels.length)
  log(
    `pinyin: ${labels.length} labelled runs; top-1 ${pct(pinyin.top1)} (${right}); a character named for ${given}, right ${givenRight} (${pct(pinyin.precision)}); pointed out without a character ${labels.length - given}`,
  );

// --- suggestions on the engine's output -----------------------------------------------------------------------
interface OcrFigures {
  pages: number;
  recognitionErrors: number;
  changing: number;
  toward: number;
  /** OCR slips whose fix moves the text toward the transcription + student errors kept on correctly read text. */
  decidedRight: number;
  onErrors: number;
  onErrorsStudent: number;
  onCorrectOcr: number;
  onCorrect: number;
  marked: string;
  samples: { id: string; errors: number; suggestions: number; toward: number; onErrorsStudent: number }[];
}
let ocr: OcrFigures | null = null;
if (withOcr) {
  const reader = new PageReader(cacheDir);
  ocr = {
    pages: 0,
    recognitionErrors: 0,
    changing: 0,
    toward: 0,
    decidedRight: 0,
    onErrors: 0,
    onErrorsStudent: 0,
    onCorrectOcr: 0,
    onCorrect: 0,
    marked: "pending",
    samples: [],
  };
  let marked = 0;
  let scoredChars = 0;
  let wrongChars = 0;
  let wrongMarked = 0;
  for (const e of entries) {
    const pages = e.page_images ?? (e.image ? [e.image] : []);
    const readings: PageReading[] = [];
    for (const p of pages) readings.push(await reader.read(path.resolve(dir, p), e.language));
    ocr.pages += pages.length;
    const evidence: ReadingEvidence[] = [];
    let pageStart = 0;
    for (const r of readings) {
      evidence.push(...readingsFromLines(r.text, r.lines, pageStart));
      pageStart += r.text.length + 1;
    }
    const hyp = readings.map((r) => r.text).join("\n");
    const ref = texts.get(e.id)!;
    const { wrong, errors } = align(hyp, ref);
    const base = distance(hyp, ref);
    const sample = { id: e.id, errors, suggestions: 0, toward: 0, onErrorsStudent: 0 };
    ocr.recognitionErrors += errors;
    for (const ev of evidence) {
      if (/\s/.test(hyp.slice(ev.offset, ev.offset + ev.length))) continue;
      const low = ev.confidence < LOW_CONFIDENCE;
      const isWrong = wrong.slice(ev.offset, ev.offset + ev.length).some(Boolean);
      scoredChars++;
      if (low) marked++;
      if (isWrong) {
        wrongChars++;
        if (low) wrongMarked++;
      }
    }
    for (const s of suggest(hyp, e.language, evidence.length ? evidence : undefined)) {
      if (s.suggested === s.original) continue;
      const fixed = hyp.slice(0, s.start) + s.suggested + hyp.slice(s.end);
      const better = distance(fixed, ref) < base;
      const onError = wrong.slice(s.start, s.end).some(Boolean);
      ocr.changing++;
      sample.suggestions++;
      if (better) {
        ocr.toward++;
        sample.toward++;
      }
      if (s.kind === "ocr" ? better : !onError) ocr.decidedRight++;
      if (onError) {
        ocr.onErrors++;
        if (s.kind === "student") {
          ocr.onErrorsStudent++;
          sample.onErrorsStudent++;
        }
      } else {
        ocr.onCorrect++;
        if (s.kind === "ocr") ocr.onCorrectOcr++;
      }
      if (verbose)
        log(
          `  ${e.id} ${s.kind.padEnd(7)} ${better ? "toward" : "away  "} ${onError ? "on-error" : "on-right"} ${s.original}→${s.suggested} ${s.evidence} | ${JSON.stringify(hyp.slice(Math.max(0, s.start - 3), s.end + 3))} | ${evidence
            .filter((r) => r.offset >= s.start - 1 && r.offset < s.end + 1)
            .map(
              (r) =>
                `${hyp.slice(r.offset, r.offset + r.length)}:${r.confidence.toFixed(2)}[${(r.alternatives ?? []).map((a) => `${a.text}${a.confidence.toFixed(2)}`).join(",")}]`,
            )
            .join(" ")}`,
        );
    }
    ocr.samples.push(sample);
    log(
      `${e.id.padEnd(22)} recognition errors ${String(errors).padStart(4)}  suggestions ${String(sample.suggestions).padStart(3)}  toward ${String(sample.toward).padStart(3)}  OCR slips called student errors ${sample.onErrorsStudent}`,
    );
  }
  await reader.close();
  if (scoredChars > 0)
    ocr.marked = `recall ${pct(wrongChars ? wrongMarked / wrongChars : 0)} of ${wrongChars} misread characters on marked ones; ${pct(marked / scoredChars)} of ${scoredChars} characters marked (confidence < ${LOW_CONFIDENCE})`;
  log(`pages read ${reader.stats.read}, from cache ${reader.stats.cached} (${cacheDir})`);
  log(
    `engine output: ${ocr.pages} pages, ${ocr.recognitionErrors} recognition errors; ${ocr.changing} suggestions change the text: applied, ${pct(ocr.changing ? ocr.toward / ocr.changing : 0)} move it toward the transcription; as decided (OCR slips fixed, student errors kept), ${pct(ocr.changing ? ocr.decidedRight / ocr.changing : 0)} leave it at or closer to the transcription; ${ocr.onErrors} fall on recognition errors, ${pct(ocr.onErrors ? ocr.onErrorsStudent / ocr.onErrors : 0)} of them called student errors; ${ocr.onCorrect} on correctly read text, ${ocr.onCorrectOcr} of them called OCR slips`,
  );
  log(`marked characters (recall of recognition errors, share marked): ${ocr.marked}`);
}

if (asJson)
  console.log(
    JSON.stringify({
      manifest: manifestPath,
      labels: labelsPath,
      pinyin,
      ocr: ocr && {
        ...ocr,
        towardShare: ocr.changing ? ocr.toward / ocr.changing : 0,
        decidedRightShare: ocr.changing ? ocr.decidedRight / ocr.changing : 0,
        slipsAsStudentShare: ocr.onErrors ? ocr.onErrorsStudent / ocr.onErrors : 0,
      },
    }),
  );
