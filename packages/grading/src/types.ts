import type { TGenre as Genre } from "@essay/contract";

/** Language of the user interface / feedback. */
export type FeedbackLanguage = "en" | "zh-CN" | "zh-TW";
/** Language of the essay itself. */
export type EssayLanguage = "en" | "zh";

export type GradeBand = "excellent" | "good" | "pass" | "needs_improvement" | "fail";

export type CriterionKey = "content" | "organisation" | "language" | "conventions";

export type Localized = Record<FeedbackLanguage, string>;

export interface RubricCriterion {
  key: CriterionKey;
  /** Points available for this criterion. The default rubric's maxima add up to 40. */
  max: number;
  label: Localized;
  description: Localized;
}

export interface Rubric {
  criteria: RubricCriterion[];
}

/** A teacher-scored essay of the same assignment, used to map the raw 0–40 scale onto the teacher's. */
export interface CalibrationPoint {
  /**
   * Raw score of the essay from the same engine (GradeResult.rawTotal, or rawTotal() for the embedded grader);
   * when absent, `text` is scored by the embedded grader to obtain it.
   */
  rawTotal?: number;
  text?: string;
  /** Topic the essay was written to, when it differs from the graded essay's (default: the graded essay's topic). */
  topic?: string;
  /** The teacher's score on the 0–40 scale. */
  teacherScore: number;
}

export interface GradeInput {
  text: string;
  topic: string;
  /** Essay language; detected from the text when absent. */
  language?: EssayLanguage;
  /**
   * Target length in words (English) or characters (Chinese), as the teacher set it or the topic names it; when
   * absent the level's usual length for the genre (levelTargetLength in @essay/contract).
   */
  targetLength?: number;
  /**
   * The writers' school year, 1–12 (1–6 primary, 7–9 junior high, 10–12 senior high): sets the expected length,
   * what counts as mature vocabulary and sentence craft, and the level's typical total. Without it the fitting
   * data's year is assumed (English grade 8, Chinese grade 11).
   */
  grade?: number;
  /** The genre the essay is judged as; recognised from the topic, else the level's usual one, when absent. */
  genre?: Genre;
  rubric?: Rubric;
  feedbackLanguage: FeedbackLanguage;
  calibration?: CalibrationPoint[];
  /**
   * The other confirmed texts of the same assignment (never the graded one; no scores needed). With at least five
   * and no length named, their median length moves the level's expected length where the two differ by more than
   * 15 %: the level's table does not know every task (a short answer, a narrative of another length).
   */
  cohort?: string[];
  /**
   * Correction suggestions the teacher dismissed on the confirmed text: not counted as errors. OCR slips are never
   * counted; the student's own errors that remain in the text are.
   */
  dismissed?: DismissedSuggestion[];
}

export interface Evidence {
  /** A short quotation from the essay, or a description of where to look. */
  quote?: string;
  note: string;
  /** Character offsets into the essay text, when the evidence is a span. */
  start?: number;
  end?: number;
}

export interface CriterionResult {
  key: CriterionKey;
  label: string;
  score: number;
  max: number;
  evidence: Evidence[];
}

export interface Feedback {
  overall: string;
  strengths: string[];
  improvements: string[];
}

export interface GradeResult {
  totalScore: number;
  grade: GradeBand;
  criteria: CriterionResult[];
  feedback: Feedback;
  engine: string;
  version: string;
  /**
   * The engine's raw score on its calibration scale (continuous, not clamped; for the embedded grader the same
   * value as rawTotal()). Store it with the teacher's score to calibrate later essays of the assignment.
   */
  rawTotal: number;
}

export interface Logger {
  warn(message: string, meta?: Record<string, unknown>): void;
  info?(message: string, meta?: Record<string, unknown>): void;
}

export interface OpenAIConfig {
  baseUrl: string;
  model: string;
  apiKey: string;
  /** Sampling temperature; default 0. */
  temperature?: number;
}

export interface GraderConfig {
  provider: "embedded" | "openai";
  openai?: OpenAIConfig;
  /** Timeout of one LLM request in ms; default 30000. */
  timeoutMs?: number;
  logger?: Logger;
  /** Injectable fetch (defaults to the global fetch). */
  fetch?: typeof fetch;
}

export interface Grader {
  id: string;
  version: string;
  grade(input: GradeInput, signal?: AbortSignal): Promise<GradeResult>;
}

export type SuggestionKind = "ocr" | "student";

/**
 * Why a suggestion got its kind: the recogniser was unsure there, or read the suggested text as its next best; the
 * string is not something a student writes (digits or capitals inside a word, no vowel, a letter-shape swap); or a
 * known learner slip (an attested misspelling, 的/地/得, a sound-alike character, pinyin for a character, grammar).
 */
export type SuggestionEvidence =
  | "low-confidence"
  | "recogniser-alternative"
  | "implausible-string"
  | "letter-shape"
  | "learner-slip";

/**
 * What the recogniser said about a span of the text (offsets into the text given): its confidence (0..1) and its
 * next best readings. Built from OcrLine.chars by whoever knows how the text maps onto the OCR lines.
 */
export interface ReadingEvidence {
  offset: number;
  length: number;
  confidence: number;
  alternatives?: { text: string; confidence: number }[];
}

export interface CorrectionSuggestion {
  original: string;
  suggested: string;
  reason: string;
  confidence: number;
  start: number;
  end: number;
  kind: SuggestionKind;
  /** Why it got its kind. */
  evidence: SuggestionEvidence;
  /** Stable name of the rule that made it (spelling, pinyin, de-adverb, …). */
  rule: string;
  /** Further candidates, best first (spelling suggestions, a pinyin's other readings). */
  alternatives?: string[];
}

export interface SuggestOptions {
  language?: EssayLanguage;
  feedbackLanguage?: FeedbackLanguage;
  /** Maximum number of suggestions returned (default 200). */
  limit?: number;
  /** Per-character recogniser evidence aligned to the text; without it the kind is decided from the string alone. */
  readings?: ReadingEvidence[];
}

/** A suggestion the teacher dismissed (matched by its words and, when given, the nearest position). */
export interface DismissedSuggestion {
  original: string;
  suggested: string;
  start?: number;
}
