import { jiebaLexicon } from "./lexicon.ts";

/** Coarse word class of a character used as a word: noun, verb, adjective, or function word (adverb, preposition, …). */
export type CharClass = "n" | "v" | "a" | "f" | "?";

const FUNCTION_TAGS = /^(d|p|c|u|ul|uj|uz|ug|uv|ud|m|mq|q|r|rr|rz|f|y|e|o|x|b|t|j)$/;

function classOfTag(tag: string): CharClass {
  if (/^(v|vn|vd|vi|vq|vg)$/.test(tag)) return "v";
  if (/^(n|ng|nr|ns|nt|nz|s)$/.test(tag)) return "n";
  if (/^(a|ad|an|ag|z)$/.test(tag)) return "a";
  if (FUNCTION_TAGS.test(tag)) return "f";
  return "?";
}

let twoCharTags: Map<string, Map<CharClass, number>> | undefined;
/** Word classes of the two-character words each character takes part in, weighted by log frequency. */
function twoCharVotes(): Map<string, Map<CharClass, number>> {
  if (twoCharTags) return twoCharTags;
  twoCharTags = new Map();
  for (const [w, e] of jiebaLexicon().words) {
    if (w.length !== 2) continue;
    const cls = classOfTag(e.pos);
    if (cls === "?" || cls === "f") continue;
    for (const c of w) {
      const m = twoCharTags.get(c) ?? new Map<CharClass, number>();
      m.set(cls, (m.get(cls) ?? 0) + Math.log1p(e.freq));
      twoCharTags.set(c, m);
    }
  }
  return twoCharTags;
}

const cache = new Map<string, CharClass>();
/**
 * The word class of a character standing alone, from jieba's tag of its one-character entry; a bound morpheme
 * (tag zg, g) takes the class most of its two-character words have (掉 → v, 桶 → n).
 */
export function charClass(c: string): CharClass {
  const hit = cache.get(c);
  if (hit) return hit;
  const tag = jiebaLexicon().words.get(c)?.pos ?? "";
  let cls = classOfTag(tag);
  if (cls === "?") {
    const votes = twoCharVotes().get(c);
    if (votes) {
      let best = 0;
      for (const [k, v] of votes) {
        if (v > best) {
          best = v;
          cls = k;
        }
      }
    }
  }
  cache.set(c, cls);
  return cls;
}

/** Aspect particles and complements that follow a verb (飘着, 犯了, 鼓起来, 扑过来). */
const AFTER_VERB = /^(着|了|过|起来|下来|上来|出来|进来|回来|过来|下去|上去|出去|进去|回去|过去|起|住|完|掉)/;
/** Words that stand before a verb (别摸, 不敢进, 只会缩, 乱咬, 想吐). */
const BEFORE_VERB =
  /(别|不|没|会|能|要|想|敢|就|才|都|也|又|再|乱|正|已经|刚|一起|开始|连忙|慢慢|马上|突然|一直|去|来)$/;
/** Measure words, 的 and verbs that take an object stand before a noun (一个痣, 它的壳, 透过雾, 飘着雾). */
const BEFORE_NOUN = /(个|只|条|块|张|片|颗|棵|本|座|群|股|层|些|的|这|那|透过|着)$/;
/** Localisers after a noun (壳里, 桌上). */
const AFTER_NOUN = /^(里|内|外面|里面|上面|下面|旁边)/;

/**
 * The word class the gap between `left` and `right` asks for, from the closed-class words around it; null when they
 * say nothing.
 */
export function slotClass(left: string, right: string): CharClass | null {
  if (AFTER_VERB.test(right) || BEFORE_VERB.test(left) || (left.endsWith("一") && right.startsWith("就"))) return "v";
  if (BEFORE_NOUN.test(left) || AFTER_NOUN.test(right)) return "n";
  return null;
}
