import { englishTokens, type Token } from "./text.ts";

/**
 * Common grammar slips of school writers, found by word patterns rather than a parser: each rule fires only in a
 * context where the pattern is (nearly) always wrong, so the confirm screen and the feedback do not accuse a
 * student of a correct sentence. What is left out on purpose: "its time", "your right" (both can be right), the
 * subjunctive "if he were", questions ("does he have", "did they go"), and causatives ("let it go", "make it work").
 */
export type GrammarRule =
  | "modal-of"
  | "agreement"
  | "base-after-auxiliary"
  | "double-comparative"
  | "than-then"
  | "there-their"
  | "its-it-is"
  | "your-you-are"
  | "a-lot"
  | "although-but"
  | "because-so"
  | "be-agree"
  | "there-have"
  | "very-verb"
  | "to-ing"
  | "needless-preposition"
  | "make-to";

export interface GrammarSlip {
  rule: GrammarRule;
  start: number;
  end: number;
  original: string;
  suggested: string;
  confidence: number;
}

/** "may of" is left out: "in may of 2020". */
const MODALS = new Set(["could", "should", "would", "must", "might"]);

/** Words before "he/she + verb" that make the plain verb form correct (questions, causatives, infinitives). */
const BASE_LICENSERS = new Set(
  "do does did don't doesn't didn't can could will would shall should may might must let lets make makes made help helps helped watch watched see saw hear heard have has had to not can't cannot couldn't won't wouldn't shouldn't is was are were isn't wasn't".split(
    " ",
  ),
);

/** Plain verb → third person singular, for "he/she + plain verb". Frequent verbs of school writing only. */
const THIRD_PERSON: Record<string, string> = {
  go: "goes",
  do: "does",
  have: "has",
  want: "wants",
  like: "likes",
  need: "needs",
  get: "gets",
  think: "thinks",
  know: "knows",
  say: "says",
  come: "comes",
  take: "takes",
  play: "plays",
  help: "helps",
  live: "lives",
  love: "loves",
  work: "works",
  try: "tries",
  study: "studies",
  watch: "watches",
  "don't": "doesn't",
};

/** "he/she are" and "I/we/they is|has …": the form the subject needs. */
const AGREEMENT: Record<string, Record<string, string>> = {
  he: { are: "is", "don't": "doesn't" },
  she: { are: "is", "don't": "doesn't" },
  // "it" and "you" are objects too ("those who deserve it are", "if you dislike it don't", "what I told you was")
  i: { is: "am", are: "am", has: "have", does: "do", "doesn't": "don't" },
  we: { was: "were", is: "are", has: "have", does: "do", "doesn't": "don't", am: "are" },
  they: { was: "were", is: "are", has: "have", does: "do", "doesn't": "don't", am: "are" },
};

/** Irregular past forms after an auxiliary that needs the plain form ("didn't went" → "didn't go"). */
const PAST_TO_BASE: Record<string, string> = {
  went: "go",
  saw: "see",
  came: "come",
  took: "take",
  ate: "eat",
  gave: "give",
  wrote: "write",
  knew: "know",
  thought: "think",
  bought: "buy",
  brought: "bring",
  told: "tell",
  ran: "run",
  found: "find",
  felt: "feel",
  left: "leave",
  said: "say",
  began: "begin",
  caught: "catch",
  taught: "teach",
};

/** Auxiliaries followed by a plain verb. "will", "can", "may" are nouns too: they count only after a subject. */
const AUX_PLAIN = new Set(
  "did didn't does doesn't don't could couldn't would wouldn't should shouldn't must won't can't cannot".split(" "),
);
const AUX_AFTER_SUBJECT = new Set(["will", "can", "may", "do"]);
const SUBJECTS = new Set(["i", "you", "he", "she", "it", "we", "they"]);
/** Pronouns that are only ever subjects; "than I are" drops a verb ("younger than I [am] are reading"). */
const SUBJECT_ONLY = new Set(["i", "he", "she", "we", "they"]);
/** Words after "could of" that show it is "most of" mistyped ("must of us"), not "must have". */
const OF_OBJECTS = new Set(
  "us them the a an my your his her our their these those this that you it which what all".split(" "),
);

/** Comparatives in -er of adjectives common in school writing. */
const COMPARATIVE_ER =
  "better worse bigger smaller larger greater higher lower older younger faster slower easier harder happier healthier stronger longer shorter taller safer cheaper smarter nicer hotter colder warmer".split(
    " ",
  );
const COMPARATIVES = new Set([...COMPARATIVE_ER, ..."best worst biggest easiest hardest happiest".split(" ")]);
const THAN_BEFORE = new Set(["more", "less", "rather", ...COMPARATIVE_ER]);
const THEIR_NOUNS = new Set(
  "own house home family parents friends children kids school car life lives mother father mom dad teacher teachers".split(
    " ",
  ),
);
const ITS_BEFORE = new Set("a an not very so too going been really just also".split(" "));
const YOUR_BEFORE = new Set("welcome going not doing being a an so very too".split(" "));

/** Slips typical of Chinese learners of English (the app's English writers are mostly Chinese secondary students). */
const THERE_HAVE_OK = new Set("been to got always never ever already just".split(" "));
const THERE_BEFORE = new Set("and but so because that if when now today also still".split(" "));
const VERY_VERBS = new Set("like love enjoy want hope agree appreciate".split(" "));
const VERY_SUBJECTS = new Set("i we they you he she also".split(" "));
const TO_ING: Record<string, string> = {
  see: "seeing",
  meet: "meeting",
  hear: "hearing",
  visit: "visiting",
  go: "going",
  have: "having",
  get: "getting",
  receive: "receiving",
  make: "making",
  come: "coming",
  write: "writing",
  play: "playing",
  work: "working",
  study: "studying",
};
const MAKE_LET = new Set("make makes made making let lets".split(" "));
/** "made it to the final" is right: "it" is left out. */
const MAKE_OBJECTS = new Set("me him her us them you".split(" "));
const NOT_A_VERB = new Set("the a an my your his her our their this that school bed work class home people".split(" "));

/** Keeps the original's capital letter on the replacement ("Their is" → "There is"). */
function cased(original: string, replacement: string): string {
  return /^[A-Z]/.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/** Whether only spaces (one line or a line break) separate two tokens: no punctuation between them. */
function adjacent(text: string, a: Token, b: Token): boolean {
  return /^\s+$/.test(text.slice(a.end, b.start));
}

/** Grammar slips in an English text, in order of position. */
export function grammarSlips(original: string): GrammarSlip[] {
  // typographic apostrophes ("shouldn’t") read as straight ones; same length, so offsets hold for the original
  const text = original.replace(/[\u2018\u2019]/g, "'");
  const tokens = englishTokens(text);
  const out: GrammarSlip[] = [];
  const add = (rule: GrammarRule, from: Token, to: Token, suggested: string, confidence: number) => {
    out.push({
      rule,
      start: from.start,
      end: to.end,
      original: original.slice(from.start, to.end),
      suggested,
      confidence,
    });
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const prev = i > 0 && adjacent(text, tokens[i - 1]!, t) ? tokens[i - 1] : undefined;
    if (t.lower === "alot") {
      add("a-lot", t, t, cased(t.text, "a lot"), 0.95);
      continue;
    }
    if (!next || !adjacent(text, t, next)) continue;
    const after = tokens[i + 2];
    if (
      MODALS.has(t.lower) &&
      next.lower === "of" &&
      after?.lower !== "course" &&
      !OF_OBJECTS.has(after?.lower ?? "")
    ) {
      add("modal-of", t, next, `${t.text} have`, 0.9);
    } else if (SUBJECT_ONLY.has(t.lower) && prev?.lower !== "than") {
      const licensed = prev !== undefined && BASE_LICENSERS.has(prev.lower);
      const form = AGREEMENT[t.lower]?.[next.lower];
      const third = t.lower === "he" || t.lower === "she" ? THIRD_PERSON[next.lower] : undefined;
      // "did he go", "let it go", "to make it work" and "what does she have" are right
      if (form && !licensed) add("agreement", t, next, `${t.text} ${form}`, 0.85);
      else if (third && !licensed) add("agreement", t, next, `${t.text} ${third}`, 0.75);
    } else if (
      (AUX_PLAIN.has(t.lower) || (AUX_AFTER_SUBJECT.has(t.text) && prev && SUBJECTS.has(prev.lower))) &&
      PAST_TO_BASE[next.lower]
    ) {
      add("base-after-auxiliary", t, next, `${t.text} ${PAST_TO_BASE[next.lower]}`, 0.8);
    } else if (t.lower === "not" && prev && AUX_PLAIN.has(prev.lower) && PAST_TO_BASE[next.lower]) {
      add("base-after-auxiliary", t, next, `${t.text} ${PAST_TO_BASE[next.lower]}`, 0.8);
    } else if ((t.lower === "more" || t.lower === "most") && COMPARATIVES.has(next.lower)) {
      add("double-comparative", t, next, next.text, 0.85);
    } else if (THAN_BEFORE.has(t.lower) && next.lower === "then" && after && adjacent(text, next, after)) {
      // "it was better then, but …" is about time
      add("than-then", t, next, `${t.text} ${cased(next.text, "than")}`, 0.7);
    } else if (t.lower === "their" && ["is", "are", "was", "were"].includes(next.lower)) {
      add("there-their", t, next, `${cased(t.text, "there")} ${next.text}`, 0.85);
    } else if (
      t.lower === "there" &&
      THEIR_NOUNS.has(next.lower) &&
      !(prev && /^(over|in|out|up|down|is|was|are|were)$/.test(prev.lower))
    ) {
      add("there-their", t, next, `${cased(t.text, "their")} ${next.text}`, next.lower === "own" ? 0.9 : 0.7);
    } else if (t.lower === "its" && ITS_BEFORE.has(next.lower)) {
      add("its-it-is", t, next, `${cased(t.text, "it's")} ${next.text}`, 0.8);
    } else if (t.lower === "it's" && next.lower === "own") {
      add("its-it-is", t, next, `${cased(t.text, "its")} ${next.text}`, 0.9);
    } else if (t.lower === "your" && YOUR_BEFORE.has(next.lower) && after?.lower !== "called") {
      add("your-you-are", t, next, `${cased(t.text, "you're")} ${next.text}`, 0.8);
    } else if ((t.lower === "am" || t.lower === "is" || t.lower === "are") && next.lower === "agree") {
      add("be-agree", t, next, t.lower === "is" ? "agrees" : "agree", 0.85);
    } else if (t.lower === "i'm" && next.lower === "agree") {
      add("be-agree", t, next, "I agree", 0.85);
    } else if (
      t.lower === "there" &&
      (next.lower === "have" || next.lower === "has") &&
      !THERE_HAVE_OK.has(after?.lower ?? "") &&
      // "there has also been", "there have even been": the present perfect, not "there have many people"
      !tokens.slice(i + 2, i + 5).some((x) => x.lower === "been") &&
      (!prev || THERE_BEFORE.has(prev.lower))
    ) {
      // existential "there": at a sentence or clause start, not "the people over there have"
      add("there-have", t, next, `${t.text} ${next.lower === "have" ? "are" : "is"}`, 0.8);
    } else if (t.lower === "very" && VERY_VERBS.has(next.lower) && prev && VERY_SUBJECTS.has(prev.lower)) {
      // "he looks very like his father" (similar) has no subject right before "very"
      add("very-verb", t, next, `${cased(t.text, "really")} ${next.text}`, 0.8);
    } else if (
      t.lower === "forward" &&
      next.lower === "to" &&
      after &&
      TO_ING[after.lower] &&
      prev &&
      /^look(s|ed|ing)?$/.test(prev.lower)
    ) {
      add("to-ing", next, after, `${next.text} ${TO_ING[after.lower]}`, 0.85);
    } else if (
      (t.lower === "despite" && next.lower === "of") ||
      (/^discuss(es|ed|ing)?$/.test(t.lower) && next.lower === "about")
    ) {
      add("needless-preposition", t, next, t.text, 0.85);
    } else if (
      MAKE_LET.has(t.lower) &&
      MAKE_OBJECTS.has(next.lower) &&
      after?.lower === "to" &&
      tokens[i + 3] &&
      !NOT_A_VERB.has(tokens[i + 3]!.lower)
    ) {
      add("make-to", next, after, next.text, 0.75);
    }
  }
  // "Although …, but …" and "Because …, so …": one conjunction too many (sentence-initial only, and not across a
  // quotation, for precision)
  const paired = /(^|[.!?]\s+)((?:even )?(although|though)|(because))\b[^.!?;"“”]*?(,\s*(but|so))\b/gi;
  for (let m = paired.exec(text); m; m = paired.exec(text)) {
    const conj = m[6]!.toLowerCase();
    if ((m[4] && conj !== "so") || (!m[4] && conj !== "but")) continue;
    const start = m.index + m[0].length - m[5]!.length;
    out.push({
      rule: m[4] ? "because-so" : "although-but",
      start,
      end: start + m[5]!.length,
      original: original.slice(start, start + m[5]!.length),
      suggested: ",",
      confidence: 0.8,
    });
  }
  // overlapping slips ("more faster then") would be two edits of one word: the first one is kept
  out.sort((a, b) => a.start - b.start);
  let end = -1;
  return out.filter((g) => {
    if (g.start < end) return false;
    end = g.end;
    return true;
  });
}
