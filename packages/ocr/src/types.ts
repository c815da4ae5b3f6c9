export type Point = [number, number];
/** Quadrilateral in source-image pixel coordinates: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** One character as the recogniser read it (embedded engine). */
export interface OcrChar {
  text: string;
  /** The recogniser's posterior combined with the character model, 0..1 (`DOUBTFUL_BELOW` marks doubtful ones). */
  confidence: number;
  /** Up to 4 other readings the recogniser proposed at the character's frames, most likely first. */
  alternatives: { text: string; confidence: number }[];
  /** The character's span along its line: [x0, y0, x1, y1] in pixels of the EXIF-rotated original image. */
  box: [number, number, number, number];
}

export interface OcrLine {
  text: string;
  box: Quad;
  /** Mean per-character probability from the recogniser, 0..1. */
  confidence: number;
  /** Index of the paragraph this line belongs to (0-based). */
  paragraph: number;
  /** Embedded engine: the line's characters; their texts joined are the line's text. */
  chars?: OcrChar[];
}

export interface OcrResult {
  /** Full text in reading order; lines separated by "\n", paragraphs by a blank line. */
  text: string;
  lines: OcrLine[];
  pages: number;
  engine: string;
  version: string;
  /** Milliseconds per stage (decode, preprocess, detect, recognize, layout, total). */
  timings: Record<string, number>;
  /** Set when text is empty: why nothing was read (e.g. "no_text_found"). */
  reason?: string;
  /**
   * Embedded engine: the script whose models read most of the lines — "en" (English detector and recogniser) or
   * "zh" (the Chinese+English ones). Absent for an empty result and for the remote providers.
   */
  script?: "zh" | "en";
}

/** Preprocessing/layout steps; every one can be switched off (the benchmark does so to measure each step). */
export interface OcrSteps {
  /** Apply EXIF orientation. */
  exif: boolean;
  /** Downscale huge photos to `maxSide`, upscale tiny images to `minSide`. */
  resize: boolean;
  /** Find the sheet of paper (bright region) and crop to it. */
  page: boolean;
  /** Estimate the dominant text angle from detected boxes and rotate the page straight. */
  deskew: boolean;
  /** Divide by a smooth background estimate to flatten uneven lighting. */
  flatten: boolean;
  /** Whiten coloured (green/red) grid lines and red teacher ink; keep blue/black pen. */
  color: boolean;
  /** Paragraph breaks from indentation and vertical gaps (otherwise one paragraph). */
  paragraphs: boolean;
  /** CTC prefix beam search re-ranked by the built-in Chinese character bigram model (beam search without the LM for an "en" hint). */
  lm: boolean;
  /** Chinese punctuation shape fixes between Han characters (’→，, °→。, ASCII→full-width). */
  punct: boolean;
  /** English words decoded again against a word lexicon (lines without Chinese characters, unless the hint is Chinese). */
  words: boolean;
  /** 方格 grid paper: find the printed grid and read its rows as the lines (instead of the text detector). */
  grid: boolean;
  /** A page photographed sideways or upside down (no EXIF to say so) is turned upright first. */
  orient: boolean;
  /**
   * English pages are read by the English-only recogniser (an "en" hint, or a page whose first lines the Chinese
   * recogniser reads as Latin script); off = the Chinese+English recogniser reads everything.
   */
  script: boolean;
  /** Red teacher ink removed from each line image that has some (blue and black strokes untouched). */
  redink: boolean;
  /** Tall images and strips (aspect > 2) are detected in overlapping bands at full resolution. */
  bands: boolean;
  /**
   * The safety net: the page is also read plain (no preprocessing) and the two readings are merged line by line,
   * each stretch of the page taken from the reading that reads it better.
   */
  net: boolean;
}

export interface RecognizeOptions {
  /** BCP-47 hint, e.g. "zh-Hans" or "en": chooses the recogniser (step `script`) and the post-processing. */
  languageHint?: string;
  /** Override individual steps for this call. */
  steps?: Partial<OcrSteps>;
}

export interface OpenAiConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Extra instruction appended to the built-in verbatim-transcription prompt. */
  prompt?: string;
}

export interface BaiduConfig {
  /** API Key of the Baidu AI Cloud application (the OAuth client_id). */
  apiKey: string;
  /** Secret Key of the application (the OAuth client_secret). */
  secretKey: string;
  /** Default https://aip.baidubce.com; tests point it at a local server. */
  baseUrl?: string;
}

export interface EmbeddedConfig {
  /** Default steps (merged over the built-in defaults). */
  steps?: Partial<OcrSteps>;
  /** onnxruntime intra-op threads (default 2). */
  threads?: number;
  /** Longest side after the resize step (default 2000). */
  maxSide?: number;
  /** Shortest allowed longest side; smaller images are upscaled (default 800). */
  minSide?: number;
}

export interface OcrEngineConfig {
  provider: "embedded" | "openai" | "baidu";
  openai?: OpenAiConfig;
  baidu?: BaiduConfig;
  embedded?: EmbeddedConfig;
  /** Per-call timeout in ms (default 60000). A timeout rejects with a retryable OcrError. */
  timeoutMs?: number;
}

export interface OcrEngine {
  readonly id: string;
  readonly version: string;
  recognize(image: Uint8Array, opts?: RecognizeOptions, signal?: AbortSignal): Promise<OcrResult>;
  /** Load models ahead of the first call (optional). */
  warmup(): Promise<void>;
  close(): Promise<void>;
}
