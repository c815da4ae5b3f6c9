import { describe, expect, it } from "vitest";
import { greedyDecode } from "../src/ctc.ts";
import { alignSteps } from "../src/steps/wordgaps.ts";
import { decodeWords, letterClasses, WordLexicon } from "../src/words.ts";

const DICT = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+12 ."];
const C = DICT.length + 1;
const cls = (ch: string) => DICT.indexOf(ch) + 1;

/** A recogniser output: per frame, a map of character → probability (the rest is blank). */
function frames(spec: Record<string, number>[]): { probs: Float32Array; T: number } {
  const T = spec.length;
  const probs = new Float32Array(T * C);
  spec.forEach((f, t) => {
    let sum = 0;
    for (const [ch, p] of Object.entries(f)) {
      probs[t * C + cls(ch)] = p;
      sum += p;
    }
    probs[t * C] = Math.max(0, 1 - sum);
  });
  return { probs, T };
}

/** Each letter written as one frame followed by a blank frame. */
function word(letters: Record<string, number>[]): Record<string, number>[] {
  return letters.flatMap((l) => [l, {}]);
}

const lexicon = WordLexicon.fromCounts([
  { word: "house", count: 50_000 },
  { word: "horse", count: 8_000 },
  { word: "receive", count: 20_000 },
  { word: "the", count: 1_000_000 },
  { word: "cat", count: 30_000 },
  { word: "sat", count: 9_000 },
]);
const classes = letterClasses(DICT);

function run(spec: Record<string, number>[]) {
  const { probs, T } = frames(spec);
  const dec = greedyDecode(probs, T, C, DICT);
  return {
    reading: dec.text,
    words: decodeWords(alignSteps(dec.text, dec.text, dec.steps), probs, T, C, classes, lexicon),
  };
}

describe("English word decoding", () => {
  it("chooses the dictionary word where the recogniser hesitates between letters", () => {
    const r = run(word([{ h: 0.9 }, { a: 0.5, o: 0.45 }, { u: 0.9 }, { s: 0.9 }, { e: 0.9 }]));
    expect(r.reading).toBe("hause");
    expect(r.words).toBe("house");
  });

  it("keeps a clearly written misspelling: the student's own error is not corrected", () => {
    const r = run(word([..."recieve"].map((ch) => ({ [ch]: 0.97 }))));
    expect(r.words).toBe("recieve");
  });

  it("keeps clearly written words that are not in the lexicon, such as names", () => {
    const r = run(word([..."Nkrumah"].map((ch) => ({ [ch]: 0.95 }))));
    expect(r.words).toBe("Nkrumah");
  });

  it("reads a look-alike '+' inside a word as t, and keeps the case of a capital", () => {
    expect(run(word([{ "+": 0.6, t: 0.3 }, { h: 0.9 }, { e: 0.9 }])).words).toBe("the");
    const r = run(word([{ C: 0.9 }, { a: 0.5, o: 0.45 }, { t: 0.9 }]));
    expect(r.words).toBe("Cat");
  });

  it("decodes each word of a line on its own frames and leaves digits and punctuation alone", () => {
    const spec = [
      ...word([{ c: 0.9 }, { o: 0.5, a: 0.45 }, { t: 0.9 }]),
      { " ": 0.9 },
      {},
      ...word([{ s: 0.9 }, { a: 0.9 }, { t: 0.9 }]),
      { " ": 0.9 },
      {},
      ...word([{ "1": 0.9 }]),
      { ".": 0.9 },
    ];
    expect(run(spec).words).toBe("cat sat 1.");
  });

  it("leaves letters glued to digits alone (an ordinal is not a misread word)", () => {
    const lex = WordLexicon.fromCounts([{ word: "and", count: 1_000_000 }]);
    const { probs, T } = frames([{ "2": 0.9 }, {}, { a: 0.3 }, { n: 0.9 }, {}, { d: 0.9 }, {}]);
    const dec = greedyDecode(probs, T, C, DICT);
    expect(decodeWords(alignSteps(dec.text, dec.text, dec.steps), probs, T, C, classes, lex)).toBe("2nd");
  });

  it("loads the SUBTLEX word list", () => {
    const real = WordLexicon.load();
    expect(real.size).toBeGreaterThan(30_000);
    expect(real.logP("because")).toBeGreaterThan(real.logP("becalm") ?? Number.NEGATIVE_INFINITY);
    expect(real.logP("recieve")).toBeUndefined();
  });
});
