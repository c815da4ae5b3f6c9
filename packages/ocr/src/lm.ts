import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { CharLm } from "./ctc.ts";

const HAN = /^\p{Script=Han}$/u;

/**
 * Character bigram model built from the jieba word-frequency dictionary shipped in the
 * @node-rs/jieba npm package (349k words with counts; only the text file is used, not the native code).
 * Bigrams are word-internal. The score is a context boost, log P(next|prev) − log P(next), clipped to
 * [−maxPenalty, maxBoost], so frequent characters are not preferred for their own sake and non-Han
 * characters (punctuation, pinyin, English) are scored 0 — the model can only choose between similar
 * candidates the recogniser itself proposes in context, never add or "correct" content.
 */
export class BigramLm implements CharLm {
  private constructor(
    private readonly uni: Map<string, number>,
    private readonly bi: Map<string, number>,
    private readonly total: number,
    private readonly maxBoost = 3,
    private readonly maxPenalty = 2,
  ) {}

  static fromDictText(text: string): BigramLm {
    const uni = new Map<string, number>();
    const bi = new Map<string, number>();
    let total = 0;
    for (const line of text.split("\n")) {
      const [word, f] = line.split(" ");
      if (!word || !f) continue;
      const freq = Number(f);
      if (!Number.isFinite(freq) || freq <= 0) continue;
      const chars = [...word];
      if (!chars.every((c) => HAN.test(c))) continue;
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i]!;
        uni.set(c, (uni.get(c) ?? 0) + freq);
        total += freq;
        if (i > 0) {
          const k = chars[i - 1]! + c;
          bi.set(k, (bi.get(k) ?? 0) + freq);
        }
      }
    }
    return new BigramLm(uni, bi, total);
  }

  static async load(): Promise<BigramLm> {
    const require = createRequire(import.meta.url);
    const dictJs = require.resolve("@node-rs/jieba/dict");
    return BigramLm.fromDictText(await readFile(path.join(path.dirname(dictJs), "dict.txt"), "utf8"));
  }

  score(prefix: string, next: string): number {
    if (!HAN.test(next) || prefix.length === 0) return 0;
    const prev = [...prefix.slice(-2)].at(-1)!;
    if (!HAN.test(prev)) return 0;
    const pu = ((this.uni.get(next) ?? 0) + 0.5) / (this.total + 1);
    const cPrev = this.uni.get(prev) ?? 0;
    const k = 50; // interpolation weight towards the unigram
    const pb = ((this.bi.get(prev + next) ?? 0) + k * pu) / (cPrev + k);
    const s = Math.log(pb) - Math.log(pu);
    return Math.max(-this.maxPenalty, Math.min(this.maxBoost, s));
  }
}
