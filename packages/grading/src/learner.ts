import { damerau } from "./resources.ts";

/** Consonant clusters English words begin with; a "word" starting otherwise (lncel) is not something a student spells. */
const ONSETS = new Set(
  "bl br ch cl cr dr dw fl fr gh gl gn gr kn kl ph pl pr ps qu rh sc sch scr sh shr sk sl sm sn sp sph spl spr squ st str sw th thr tr tw wh wr".split(
    " ",
  ),
);

/** Misspellings school writers and learners of English make (wrong → right), beyond Hunspell's good guesses. */
export const LEARNER_MISSPELLINGS: Record<string, string> = {
  becouse: "because",
  becaus: "because",
  beacause: "because",
  beatiful: "beautiful",
  beautifull: "beautiful",
  buetiful: "beautiful",
  frist: "first",
  whith: "with",
  wiht: "with",
  togather: "together",
  diffrent: "different",
  diferent: "different",
  intresting: "interesting",
  interisting: "interesting",
  finaly: "finally",
  happend: "happened",
  begining: "beginning",
  writting: "writing",
  sucess: "success",
  neccessary: "necessary",
  necessery: "necessary",
  wensday: "Wednesday",
  febuary: "February",
  libary: "library",
  vegtable: "vegetable",
  vegetabel: "vegetable",
  probly: "probably",
  exercice: "exercise",
  excercise: "exercise",
  familly: "family",
  studing: "studying",
  swiming: "swimming",
  runing: "running",
  stoped: "stopped",
  planed: "planned",
  hopefuly: "hopefully",
  sometime: "sometimes",
  everyday: "every day",
  grammer: "grammar",
  piture: "picture",
  pictrue: "picture",
  clases: "classes",
  teachar: "teacher",
  thougth: "thought",
  wether: "weather",
  alway: "always",
  allways: "always",
  untill: "until",
  tommorrow: "tomorrow",
  knowlege: "knowledge",
  truely: "truly",
  arguement: "argument",
  wierd: "weird",
  acheive: "achieve",
  belive: "believe",
  beleive: "believe",
  freind: "friend",
  frend: "friend",
  favourit: "favourite",
  favorit: "favorite",
};

/** Letters are not the only thing in a word a student writes by hand: digits, capitals inside, symbols are the recogniser's. */
export function implausibleString(token: string): boolean {
  if (/[0-9]/.test(token) && /[A-Za-z]/.test(token)) return true;
  if (/[^A-Za-z'-]/.test(token)) return true;
  // capitals inside a word (implEit, PyKon) but not all capitals (NASA) or a capitalised word (Katy)
  if (/[a-z][A-Z]/.test(token) || /^[A-Z]{2,}[a-z]/.test(token)) return true;
  return false;
}

function onsetOk(lower: string): boolean {
  const m = /^[^aeiouy]*/.exec(lower)?.[0] ?? "";
  return m.length <= 1 || ONSETS.has(m);
}

/**
 * Whether reading `token` as a misspelling of `word` is plausible for a student: the token is pronounceable (a
 * vowel, an onset English has), and close to the word (one edit in a short word, two in a longer one, three in a
 * long one), keeping its first letter or its sound skeleton. OCR garbage (lncel, knty) fails this.
 */
export function plausibleMisspelling(token: string, word: string): boolean {
  if (implausibleString(token)) return false;
  const t = token.toLowerCase();
  const w = word.toLowerCase();
  if (LEARNER_MISSPELLINGS[t] !== undefined) return true;
  if (!/[aeiouy]/.test(t) || !onsetOk(t)) return false;
  const d = damerau(t, w);
  const limit = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  if (d > limit) return false;
  return t[0] === w[0] || skeleton(t) === skeleton(w);
}

/** Consonant skeleton by sound: doubled letters once, vowels dropped, c/k/q, s/z, ph/f folded. */
function skeleton(s: string): string {
  return s
    .replace(/ph/g, "f")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/[cq]/g, "k")
    .replace(/z/g, "s")
    .replace(/[aeiouy]+/g, "")
    .replace(/(.)\1+/g, "$1");
}

/**
 * A cheap test the grader runs on every misspelled token: no student writes capitals inside a word, a word without
 * a vowel, or one that starts with a cluster English has no word beginning with (lncel).
 */
export function looksLikeRecognitionGarbage(token: string): boolean {
  const t = token.toLowerCase();
  return implausibleString(token) || !/[aeiouy]/.test(t) || !onsetOk(t);
}
