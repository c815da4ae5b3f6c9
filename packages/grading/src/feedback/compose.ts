import type { Analysis } from "../features.ts";
import { GRADE_BANDS } from "../rubric.ts";
import type { CriterionKey, Evidence, Feedback, GradeBand } from "../types.ts";
import { BAND_NOTES, fitsScore, toneOf } from "./notes.ts";
import { GENRE_NAMES, levelName, q, unit } from "./say.ts";
import type { L, Point } from "./types.ts";

interface Scored {
  key: CriterionKey;
  label: string;
  score: number;
  max: number;
}

/**
 * A criterion's evidence: up to three observations that fit its score (strengths only from 60 % of its points,
 * nothing to improve from 90 %), strongest first; when none fits, what its band says.
 */
export function criterionEvidence(points: Point[], c: Scored, lang: L): Evidence[] {
  const fitting = points
    .filter((p) => p.criterion === c.key && fitsScore(p.weight, c.score, c.max))
    .sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight))
    .slice(0, 3)
    .map((p) => ({ ...p.evidence, note: p.text[lang] }));
  if (fitting.length > 0) return fitting;
  return [{ note: BAND_NOTES[c.key][toneOf(c.score, c.max)][lang] }];
}

/** Overall comment, strengths and improvements; every item agrees with the score of the criterion it is about. */
export function composeFeedback(
  a: Analysis,
  points: Point[],
  scores: Scored[],
  total: number,
  band: GradeBand,
  lang: L,
): Feedback {
  const scoreOf = new Map(scores.map((s) => [s.key, s]));
  const fits = (p: Point) => {
    const s = scoreOf.get(p.criterion);
    return s ? fitsScore(p.weight, s.score, s.max) : false;
  };
  const strengths = points
    .filter((p) => p.weight > 0 && fits(p))
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 3)
    .map((p) => p.text[lang]);
  const improvements = points
    .filter((p) => p.weight < 0 && fits(p))
    .sort((x, y) => x.weight - y.weight)
    .slice(0, 4)
    .map((p) => p.text[lang]);
  const bandLabel = GRADE_BANDS.find((b) => b.band === band)!.label[lang];
  if (a.length === 0) {
    const msg = {
      en: `${total}/40 (${bandLabel}). There is no essay text to grade.`,
      "zh-CN": `${total}/40（${bandLabel}）。没有可评分的作文内容。`,
      "zh-TW": `${total}/40（${bandLabel}）。沒有可評分的作文內容。`,
    };
    return { overall: msg[lang], strengths: [], improvements: [] };
  }
  const rel = scores.map((s) => ({ ...s, r: s.score / s.max }));
  const best = [...rel].sort((x, y) => y.r - x.r)[0]!;
  const worst = [...rel].sort((x, y) => x.r - y.r)[0]!;
  const tie = best.r === worst.r;
  const first = a.paragraphs[0]?.text ?? a.sentences[0]?.text ?? "";
  const u = unit(a, lang);
  const nS = a.sentences.length;
  const nP = a.paragraphs.length;
  const genre = GENRE_NAMES[a.genre][lang];
  const level = a.year !== undefined ? levelName(a.year)[lang] : null;
  let overall: string;
  if (lang === "en") {
    const as = level ? `Graded as a ${level} ${genre}` : `Graded as a ${genre}`;
    // paragraphs are counted only where the text shows them (a transcription on one line has none to count)
    const shape = a.hasLineBreaks
      ? `in ${nP} paragraph${nP > 1 ? "s" : ""} and ${nS} sentence${nS === 1 ? "" : "s"}`
      : `in ${nS} sentence${nS === 1 ? "" : "s"}`;
    overall = `${total}/40 (${bandLabel}). ${as}: this ${a.length}-${u.replace(/s$/, "")} essay ${shape}, opening with ${q(first, "en", 40)}, ${tie ? `scores ${Math.round(100 * best.r)}% on every criterion.` : `is strongest in ${best.label.toLowerCase()} (${best.score}/${best.max}) and weakest in ${worst.label.toLowerCase()} (${worst.score}/${worst.max}).`}`;
  } else {
    const cn = lang === "zh-CN";
    const as = `按${level ?? ""}${genre}的要求${cn ? "评分" : "評分"}`;
    const shape = a.hasLineBreaks ? `${a.length}${u}、${nP}段、${nS}句` : `${a.length}${u}、${nS}句`;
    const ranking = tie
      ? cn
        ? `各项得分率均为${Math.round(100 * best.r)}%。`
        : `各項得分率均為${Math.round(100 * best.r)}%。`
      : cn
        ? `${best.label}最好（${best.score}/${best.max}），${worst.label}最需加强（${worst.score}/${worst.max}）。`
        : `${best.label}最好（${best.score}/${best.max}），${worst.label}最需加強（${worst.score}/${worst.max}）。`;
    overall = `${total}/40（${bandLabel}）。${as}：本文共${shape}，以${q(first, lang, 15)}${cn ? "开篇" : "開篇"}；${ranking}`;
  }
  // nothing stood out: say what is true of this essay rather than leave the list empty
  const firstLower = (a.sentences[0]?.text ?? first).toLowerCase();
  if (strengths.length === 0 && first && a.topicCovered.some((w) => firstLower.includes(w.toLowerCase()))) {
    strengths.push(
      lang === "en"
        ? `The opening sentence ${q(first, "en")} states what the essay is about.`
        : lang === "zh-CN"
          ? `开头一句${q(first, lang, 20)}点明了文章内容。`
          : `開頭一句${q(first, lang, 20)}點明了文章內容。`,
    );
  } else if (strengths.length === 0 && !tie && best.r >= 0.5) {
    strengths.push(
      lang === "en"
        ? `${best.label} is the essay's relatively strongest area (${best.score}/${best.max}); build on it.`
        : lang === "zh-CN"
          ? `${best.label}是本文相对最好的一项（${best.score}/${best.max}），可在此基础上继续提高。`
          : `${best.label}是本文相對最好的一項（${best.score}/${best.max}），可在此基礎上繼續提高。`,
    );
  }
  return { overall, strengths, improvements };
}
