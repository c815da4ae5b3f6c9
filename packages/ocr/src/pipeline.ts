import { readFile } from "node:fs/promises";
import ort from "onnxruntime-node";
import { beamDecode, type CharLm, greedyDecode } from "./ctc.ts";
import {
  boxesFromProbMap,
  cropRotated,
  DEFAULT_DET,
  type DetBox,
  type DetParams,
  detInput,
  detSize,
} from "./detect.ts";
import { applyHomography } from "./geometry.ts";
import { findGrid, gridRowBoxes } from "./grid.ts";
import { cropRgb, decodeImage, type Rgb, resizeRgb, rotateRgb } from "./image.ts";
import { joinPieces, type LaidLine, layoutLines, type Segment } from "./layout.ts";
import { BigramLm } from "./lm.ts";
import { EN_DICT, modelPaths } from "./models.ts";
import { findPages, flattenIllumination, inkFraction, padWhite, suppressColor, warpQuad } from "./preprocess.ts";
import { normalizeCjkPunct } from "./punct.ts";
import { type CharRead, charReadings, realign, rectAxis, toOcrChar } from "./reading.ts";
import { bandsFor, inCore } from "./steps/bands.ts";
import { dominantAngle } from "./steps/deskew.ts";
import { linesText, mergeReadings } from "./steps/net.ts";
import { type Turn, unturnPoint } from "./steps/orient.ts";
import { removeRedInk } from "./steps/redink.ts";
import { chineseLine, hintScript, pageScript, type Script } from "./steps/script.ts";
import { alignSteps, insertWordGaps, splitLine } from "./steps/wordgaps.ts";
import type { EmbeddedConfig, OcrLine, OcrResult, OcrSteps, Point, Quad, RecognizeOptions } from "./types.ts";
import { DEFAULT_WORD_DECODE, decodeWords, letterClasses, type WordDecodeOptions, WordLexicon } from "./words.ts";

interface Timings {
  decode: number;
  preprocess: number;
  detect: number;
  recognize: number;
  layout: number;
  total: number;
  [k: string]: number;
}

export const ENGINE_ID = "embedded-ppocrv4";

export const DEFAULT_STEPS: OcrSteps = {
  exif: true,
  resize: true,
  page: true,
  deskew: true,
  flatten: true,
  color: false,
  paragraphs: true,
  lm: true,
  punct: true,
  words: true,
  grid: true,
  orient: true,
  script: true,
  redink: true,
  bands: true,
  net: true,
};

export interface PipelineTuning {
  det: DetParams;
  /** Recogniser input normalisation: "none" = x/255 (@gutenye), "paddle" = (x/255-0.5)/0.5. */
  recNorm: "none" | "paddle";
  recHeight: number;
  /** Drop recognised segments below this mean confidence. */
  minConfidence: number;
  beam: number;
  lmWeight: number;
  /** White border added before detection, as a fraction of the short side (clamped to 8..32 px); 0 disables. */
  pad: number;
  /** Insert spaces between Latin characters where the line image has a word-sized ink gap. */
  wordGaps: boolean;
  /** Split recogniser inputs wider than this many line heights at ink gaps (0 = never). */
  maxLineRatio: number;
  /** Longest side of the detector input (0 = the preprocessed image size); crops still come from full resolution. */
  detMaxSide: number;
  /** English word decoding weights (step `words`). */
  words: WordDecodeOptions;
}

export const DEFAULT_TUNING: PipelineTuning = {
  det: DEFAULT_DET,
  recNorm: "none",
  recHeight: 48,
  minConfidence: 0.3,
  beam: 8,
  lmWeight: 0.5,
  pad: 0.1,
  wordGaps: true,
  maxLineRatio: 0,
  detMaxSide: 1280,
  words: DEFAULT_WORD_DECODE,
};

const now = () => performance.now();

/** The detector and recogniser that read one script, with the recogniser's alphabet. */
interface ScriptModels {
  script: Script;
  det: ort.InferenceSession;
  rec: ort.InferenceSession;
  dict: string[];
  /** Classes of each letter a–z (and look-alikes) for the English word decoder. */
  classes: number[][];
  /** The model emits spaces between words itself (the Chinese one seldom does in handwriting). */
  spaces: boolean;
}

export class EmbeddedPipeline {
  private constructor(
    private readonly models: Record<Script, ScriptModels>,
    private readonly cls: ort.InferenceSession,
    readonly version: string,
    private readonly config: Required<Pick<EmbeddedConfig, "maxSide" | "minSide">> & { steps: OcrSteps },
    public tuning: PipelineTuning,
    private lm?: CharLm,
  ) {}

  private lexicon?: WordLexicon;

  static async load(config: EmbeddedConfig = {}, tuning: Partial<PipelineTuning> = {}, lm?: CharLm) {
    const files = await modelPaths();
    const threads = config.threads ?? 2;
    const so: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
      // the arena keeps the peak allocation for every input shape; disabling it keeps RSS flat
      enableCpuMemArena: false,
    };
    const [det, rec, detEn, recEn, cls, dictText] = await Promise.all([
      ort.InferenceSession.create(files.det, so),
      ort.InferenceSession.create(files.rec, so),
      ort.InferenceSession.create(files.detEn, so),
      ort.InferenceSession.create(files.recEn, so),
      ort.InferenceSession.create(files.cls, so),
      readFile(files.dict, "utf8"),
    ]);
    const dict = [
      ...dictText
        .replace(/\r/g, "")
        .split("\n")
        .filter((_, i, a) => i < a.length - 1 || a[i] !== ""),
      " ",
    ];
    return new EmbeddedPipeline(
      {
        zh: { script: "zh", det, rec, dict, classes: letterClasses(dict), spaces: false },
        en: { script: "en", det: detEn, rec: recEn, dict: EN_DICT, classes: letterClasses(EN_DICT), spaces: true },
      },
      cls,
      files.version,
      {
        maxSide: config.maxSide ?? 2000,
        minSide: config.minSide ?? 800,
        steps: { ...DEFAULT_STEPS, ...config.steps },
      },
      { ...DEFAULT_TUNING, ...tuning },
      lm,
    );
  }

  async close(): Promise<void> {
    const { zh, en } = this.models;
    await Promise.all([zh.det.release(), zh.rec.release(), en.det.release(), en.rec.release(), this.cls.release()]);
  }

  async recognize(bytes: Uint8Array, opts: RecognizeOptions = {}): Promise<OcrResult> {
    const steps: OcrSteps = { ...this.config.steps, ...opts.steps };
    // the language model loads on first use only
    if (steps.lm && !this.lm) this.lm = await BigramLm.load();
    if (steps.words && !this.lexicon) this.lexicon = WordLexicon.load();
    const timings: Timings = { decode: 0, preprocess: 0, detect: 0, recognize: 0, layout: 0, total: 0 };
    const t0 = now();
    const decoded = await decodeImage(bytes, {
      exif: steps.exif,
      maxSide: steps.resize ? this.config.maxSide : undefined,
    });
    // boxes are reported in the pixel space of the (EXIF-rotated) original image
    const scale = decoded.originalWidth / decoded.width;
    let img: Rgb = decoded;
    timings.decode = now() - t0;
    let turn: Turn = 0;
    if (steps.orient && inkFraction(img) >= 0.0005) {
      const to = now();
      turn = await this.orientation(img);
      if (turn) img = await rotateRgb(img, turn);
      timings.orient = now() - to;
    }
    const unturn = unturnPoint(turn, decoded.width, decoded.height);

    const base = { text: "", lines: [], pages: 1, engine: ENGINE_ID, version: this.version };
    if (inkFraction(img) < 0.0005) {
      timings.total = now() - t0;
      return { ...base, timings, reason: "blank_image" };
    }
    const t1 = now();
    // several sheets photographed together are read one after another
    const regions = steps.page ? findPages(img) : [];
    timings.preprocess += now() - t1;
    const pages = regions.length > 0 ? regions : [{ x: 0, y: 0, w: img.width, h: img.height }];
    let lines: OcrLine[] = [];
    const texts: string[] = [];
    const readBy: Record<Script, number> = { zh: 0, en: 0 };
    let paraBase = 0;
    const toOrigFrom =
      (toPage: (p: Point) => Point) =>
      (p: Point): Point => {
        const [x, y] = unturn(toPage(p));
        return [Math.round(x * scale), Math.round(y * scale)];
      };
    const place = (l: LaidLine, toOrig: (p: Point) => Point, paragraph: number): OcrLine => {
      const { reads, ...line } = l;
      return {
        ...line,
        paragraph,
        box: l.box.map(toOrig) as Quad,
        ...(reads ? { chars: reads.map((r) => toOcrChar(r, toOrig)) } : {}),
      };
    };
    for (const r of pages) {
      let crop: Rgb;
      let toPage: (p: Point) => Point;
      if (r.quad) {
        // a sheet photographed at an angle is straightened; boxes are mapped back through the same transform
        const tw = now();
        const warped = warpQuad(img, r.quad);
        timings.preprocess += now() - tw;
        crop = warped.img;
        toPage = (p) => applyHomography(warped.toSource, p);
      } else {
        crop = r.w === img.width && r.h === img.height ? img : cropRgb(img, r.x, r.y, r.w, r.h);
        toPage = ([x, y]) => [x + r.x, y + r.y];
      }
      const page = await this.recognizePage(crop, steps, opts, timings);
      const toOrig = toOrigFrom(toPage);
      for (const l of page.lines) lines.push(place(l, toOrig, l.paragraph + paraBase));
      if (page.text) texts.push(page.text);
      readBy[page.script] += page.lines.length;
      if (page.lines.length) paraBase = lines.at(-1)!.paragraph + 1;
    }
    let text = texts.join("\n\n");
    const plainSteps: OcrSteps = {
      ...steps,
      page: false,
      deskew: false,
      flatten: false,
      color: false,
      grid: false,
      redink: false,
      net: false,
    };
    if (steps.net && Object.entries(plainSteps).some(([k, v]) => steps[k as keyof OcrSteps] !== v)) {
      // the safety net: the photo read plain too, each stretch of the page from the reading that reads it better
      const tn = now();
      const plain = await this.recognizePage(img, plainSteps, opts, timings);
      const toOrig = toOrigFrom((p) => p);
      const plainLines = plain.lines.map((l) => place(l, toOrig, l.paragraph));
      if (!lines.length) readBy[plain.script] += plain.lines.length;
      lines = mergeReadings(lines, plainLines);
      text = linesText(lines);
      timings.net = now() - tn;
    }
    timings.total = now() - t0;
    const result = { ...base, pages: pages.length, text, lines, timings };
    if (!text) return { ...result, reason: "no_text_found" };
    return { ...result, script: readBy.en > readBy.zh ? "en" : "zh" };
  }

  /**
   * How far (clockwise) to turn a photo so its text is upright. Text lines found by the detector on a small copy
   * are mostly tall when the page lies sideways; the direction classifier shipped with the models (0° / 180°) then
   * reads the longest lines, turned as `cropRotated` turns tall lines, and says whether they are upside down.
   */
  private async orientation(img: Rgb): Promise<Turn> {
    const long = Math.max(img.width, img.height);
    const small = long > 640 ? await resizeRgb(img, (img.width * 640) / long, (img.height * 640) / long) : img;
    const boxes = (await this.detectWhole(small, this.models.zh)).filter(
      (b) => Math.max(b.rect.w, b.rect.h) >= 3 * Math.min(b.rect.w, b.rect.h),
    );
    if (boxes.length < 2) return 0;
    const area = (b: DetBox) => b.rect.w * b.rect.h;
    const tall = boxes.filter((b) => b.rect.h > b.rect.w);
    const sideways = tall.reduce((a, b) => a + area(b), 0) > 0.5 * boxes.reduce((a, b) => a + area(b), 0);
    const lines = (sideways ? tall : boxes.filter((b) => b.rect.w >= b.rect.h))
      .sort((a, b) => area(b) - area(a))
      .slice(0, 6);
    let flipped = 0;
    for (const b of lines) flipped += await this.upsideDown(cropRotated(small, b.rect, 96));
    // cropRotated turns a tall line counter-clockwise: upright then means the page was turned clockwise
    if (sideways) return flipped > lines.length / 2 ? 90 : 270;
    // most photos are upright: turning one over takes at least three lines and two thirds of them
    return lines.length >= 3 && flipped >= (2 * lines.length) / 3 ? 180 : 0;
  }

  /** 1 when the direction classifier reads the line as upside down (p > 0.5), else 0. */
  private async upsideDown(line: Rgb): Promise<number> {
    const H = 48;
    const W = 192;
    const w = Math.max(1, Math.min(W, Math.round((line.width * H) / line.height)));
    const r = await resizeRgb(line, w, H);
    const input = new Float32Array(3 * H * W);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < w; x++)
        for (let c = 0; c < 3; c++)
          input[c * H * W + y * W + x] = (r.data[(y * w + x) * 3 + (2 - c)]! / 255 - 0.5) / 0.5;
    const tensor = new ort.Tensor("float32", input, [1, 3, H, W]);
    const out = await this.cls.run({ [this.cls.inputNames[0]!]: tensor });
    const p = out[this.cls.outputNames[0]!]!.data as Float32Array;
    return p[1]! > p[0]! ? 1 : 0;
  }

  /** Preprocess, detect, recognise and lay out one page (boxes in the page's coordinates). */
  private async recognizePage(
    input: Rgb,
    steps: OcrSteps,
    opts: RecognizeOptions,
    timings: Timings,
  ): Promise<{ text: string; lines: LaidLine[]; script: Script }> {
    const t1 = now();
    let img = input;
    let up = 1;
    if (steps.resize) {
      const long = Math.max(img.width, img.height);
      if (long < this.config.minSide && Math.min(img.width, img.height) > 120) {
        up = this.config.minSide / long;
        img = await resizeRgb(img, img.width * up, img.height * up, "cubic");
      }
    }
    if (steps.flatten) img = await flattenIllumination(img);
    // the printed grid is found before the colour step removes it
    const grid = steps.grid ? findGrid(img) : null;
    const gridSize = { width: img.width, height: img.height };
    // the grid's rows are read in colour, from the page as it is: the recogniser reads a row better with its
    // grid lines than after the colour step (which erased strokes on real pages); the colour step only finds
    // where the ink is in each row, and prepares pages without a grid for the detector
    let inkImg = grid || steps.color ? suppressColor(img).img : img;
    if (steps.color && !grid) img = inkImg;
    // a white margin lets the detector see text that touches the border (cropped lines)
    const pad =
      this.tuning.pad > 0
        ? Math.round(Math.min(32, Math.max(8, Math.min(img.width, img.height) * this.tuning.pad)))
        : 0;
    if (pad > 0) {
      img = padWhite(img, pad);
      if (grid) inkImg = padWhite(inkImg, pad);
    }
    timings.preprocess += now() - t1;

    const t2 = now();
    const hinted = hintScript(opts.languageHint);
    // without the `script` step the Chinese+English models read every page
    const known = steps.script ? hinted : "zh";
    const gridBoxes = grid ? gridRowBoxes(grid, inkImg, pad, gridSize.width, gridSize.height) : [];
    let boxes = gridBoxes.length > 0 ? gridBoxes : await this.detect(img, this.models[known ?? "zh"], steps.bands);
    timings.detect += now() - t2;

    const t3 = now();
    let read = await this.readLines(img, boxes, steps, hinted, known);
    timings.recognize += now() - t3;
    if (read.script === "en" && known === undefined) {
      // an English page without a hint: its lines are found and read again by the English models
      const t5 = now();
      if (gridBoxes.length === 0) boxes = await this.detect(img, this.models.en, steps.bands);
      timings.detect += now() - t5;
      const t6 = now();
      read = await this.readLines(img, boxes, steps, hinted, "en");
      timings.recognize += now() - t6;
    }

    // Deskew without a second detection pass: every box is cropped along its own angle anyway, so only
    // the layout needs straight lines; rotate the box corners by the dominant text angle for grouping.
    const angle = steps.deskew ? dominantAngle(boxes) : 0;
    const cx = img.width / 2;
    const cy = img.height / 2;
    const straighten = (q: Quad): Quad => {
      const c = Math.cos(-angle);
      const s = Math.sin(-angle);
      return q.map(([x, y]) => [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c]) as Quad;
    };
    const segments: Segment[] = [];
    for (const seg of read.segments) {
      if (seg.text.trim() && seg.confidence >= this.tuning.minConfidence) {
        const unpad = (q: Quad) => q.map(([x, y]) => [(x - pad) / up, (y - pad) / up]) as Quad;
        const reads = seg.reads?.map((r) => ({ ...r, quad: unpad(r.quad) }));
        segments.push({
          ...seg,
          box: unpad(seg.box),
          ...(reads ? { reads } : {}),
          ...(angle ? { layoutBox: straighten(seg.box) } : {}),
        });
      }
    }

    const t4 = now();
    const out = layoutLines(segments, { paragraphs: steps.paragraphs });
    timings.layout += now() - t4;
    return { ...out, script: read.script === "en" ? "en" : "zh" };
  }

  /** Text boxes of a page; a tall image or strip is detected in overlapping bands (`steps/bands.ts`). */
  async detect(img: Rgb, models: ScriptModels, banded = true): Promise<DetBox[]> {
    const bands = banded ? bandsFor(img.width, img.height) : [];
    if (bands.length <= 1) return this.detectWhole(img, models);
    const boxes: DetBox[] = [];
    for (const band of bands) {
      const part = cropRgb(img, 0, band.y0, img.width, band.y1 - band.y0);
      for (const b of await this.detectWhole(part, models)) {
        if (!inCore(band, b.rect.cy + band.y0)) continue;
        boxes.push({
          ...b,
          rect: { ...b.rect, cy: b.rect.cy + band.y0 },
          quad: b.quad.map(([x, y]) => [x, y + band.y0]) as Quad,
        });
      }
    }
    return boxes;
  }

  private async detectWhole(img: Rgb, models: ScriptModels): Promise<DetBox[]> {
    const long = Math.max(img.width, img.height);
    const f = this.tuning.detMaxSide > 0 && long > this.tuning.detMaxSide ? this.tuning.detMaxSide / long : 1;
    const size = detSize(img.width * f, img.height * f);
    const resized = await resizeRgb(img, size.width, size.height);
    const input = detInput(resized);
    const tensor = new ort.Tensor("float32", input.data, [1, 3, input.height, input.width]);
    const out = await models.det.run({ [models.det.inputNames[0]!]: tensor });
    const prob = out[models.det.outputNames[0]!]!;
    const [, , h, w] = prob.dims as number[];
    const boxes = boxesFromProbMap(
      prob.data as Float32Array,
      w!,
      h!,
      img.width / w!,
      img.height / h!,
      img.width,
      img.height,
      this.tuning.det,
    );
    tensor.dispose?.();
    prob.dispose?.();
    return boxes;
  }

  /**
   * Reads the line boxes with the models of the page's script when it is known. Otherwise the Chinese recogniser
   * reads until the page shows its script; a page that turns out English is left to the caller (its lines are
   * found and read again by the English models), and the lines read so far are returned with `script: "en"`.
   */
  private async readLines(
    img: Rgb,
    boxes: DetBox[],
    steps: OcrSteps,
    hinted: Script | undefined,
    known: Script | undefined,
  ): Promise<{ segments: Segment[]; script: Script | undefined }> {
    const segments: Segment[] = [];
    let script = known;
    for (const b of boxes) {
      // once a page shows itself Chinese, its Latin lines are pinyin or English words to keep as written
      const hint = script === "zh" && known === undefined ? "zh" : hinted;
      let seg = await this.recognizeBox(img, b, steps, hint, this.models[script ?? "zh"]);
      if (script === "en" && seg.confidence < 0.7) {
        // the student's name and class in Chinese above an English essay: the English model garbles them
        const zh = await this.recognizeBox(img, b, steps, "zh", this.models.zh);
        if (chineseLine(zh.text) && zh.confidence > seg.confidence) seg = zh;
      }
      segments.push(seg);
      if (script === undefined) {
        script = pageScript(segments.map((s) => s.text));
        if (script === "en") break;
      }
    }
    // a page too short to show its script early is judged on all its lines
    script ??= pageScript(
      segments.map((s) => s.text),
      true,
    );
    return { segments, script };
  }

  async recognizeBox(
    img: Rgb,
    b: DetBox,
    steps: OcrSteps,
    hint: Script | undefined,
    models: ScriptModels,
  ): Promise<Segment> {
    // the character LM models Chinese; skip it on English pages and for the English model
    const latinHint = hint === "en" || models.script === "en";
    const chineseHint = hint === "zh";
    const H = this.tuning.recHeight;
    const cropped = cropRotated(img, b.rect, H * 2);
    const crop = steps.redink ? removeRedInk(cropped) : cropped;
    const w = Math.max(H / 2, Math.round((crop.width * H) / crop.height));
    const line = await resizeRgb(crop, w, H);
    const pieces =
      this.tuning.maxLineRatio > 0
        ? splitLine(line, this.tuning.maxLineRatio)
        : [{ img: line, gapBefore: false, x: 0 }];
    const axis = rectAxis(b.rect);
    let text = "";
    let confSum = 0;
    let confN = 0;
    const reads: CharRead[] = [];
    for (const piece of pieces) {
      const probs = await this.runRec(models.rec, piece.img);
      // prefix beam search helps English too (merged paths); the Chinese LM is left out there
      const lm = steps.lm && !latinHint ? this.lm : undefined;
      const dec =
        steps.lm && this.lm
          ? beamDecode(probs.data, probs.T, probs.C, models.dict, {
              beam: this.tuning.beam,
              lm,
              lmWeight: this.tuning.lmWeight,
            })
          : greedyDecode(probs.data, probs.T, probs.C, models.dict);
      const frames = {
        probs: probs.data,
        T: probs.T,
        C: probs.C,
        dict: models.dict,
        width: piece.img.width,
        height: H,
      };
      const pieceReads = charReadings(dec.text, dec.steps, frames, axis, {
        lm,
        lmWeight: this.tuning.lmWeight,
        xOffset: piece.x,
        lineWidth: line.width,
      });
      reads.push(...pieceReads);
      let t =
        this.tuning.wordGaps && !models.spaces ? insertWordGaps(dec.text, dec.steps, probs.T, piece.img) : dec.text;
      // pinyin and English inside a Chinese essay stay as the recogniser read them
      if (steps.words && this.lexicon && !chineseHint && !/\p{Script=Han}/u.test(t)) {
        t = decodeWords(
          alignSteps(t, dec.text, dec.steps),
          probs.data,
          probs.T,
          probs.C,
          models.classes,
          this.lexicon,
          this.tuning.words,
        );
      }
      text = piece.gapBefore ? joinPieces(text, t) : text + t;
      const n = [...dec.text].length;
      confSum += dec.confidence * n;
      confN += n;
    }
    const final = steps.punct ? normalizeCjkPunct(text) : text;
    return { text: final, confidence: confN ? confSum / confN : 0, box: b.quad, reads: realign(reads, final) };
  }

  async runRec(session: ort.InferenceSession, line: Rgb): Promise<{ data: Float32Array; T: number; C: number }> {
    const { width, height, data } = line;
    const n = width * height;
    const input = new Float32Array(n * 3);
    const paddle = this.tuning.recNorm === "paddle";
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < 3; c++) {
        const v = data[i * 3 + (2 - c)]! / 255;
        input[c * n + i] = paddle ? (v - 0.5) / 0.5 : v;
      }
    }
    const tensor = new ort.Tensor("float32", input, [1, 3, height, width]);
    const out = await session.run({ [session.inputNames[0]!]: tensor });
    const o = out[session.outputNames[0]!]!;
    const [, T, C] = o.dims as number[];
    return { data: o.data as Float32Array, T: T!, C: C! };
  }
}

export { pageScript } from "./steps/script.ts";
export { alignSteps, insertWordGaps, splitLine } from "./steps/wordgaps.ts";
