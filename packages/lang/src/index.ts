export { charAssociation } from "./char-bigram.ts";
export { charRank, jiebaLexicon, type LexEntry, type Lexicon } from "./lexicon.ts";
export {
  COMMON_CHARS,
  charactersFor,
  isSyllable,
  type PinyinCandidate,
  type PinyinRanking,
  type RankOptions,
  rankPinyin,
  readingsIndex,
  splitSyllables,
  type TextCache,
  textCache,
  toneless,
  WEIGHTS,
  wordReading,
} from "./pinyin.ts";
export { findPinyinRuns, type PinyinRun } from "./pinyin-runs.ts";
export { type CharClass, charClass, slotClass } from "./pos.ts";
export { detectScript, type HanScript, inScript, scriptOfTag, toSimplified, toTraditional } from "./script.ts";
export { segmentLogProb, type WordFilter } from "./word-lm.ts";
