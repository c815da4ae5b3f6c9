import { detectScript, findPinyinRuns, type HanScript } from "@essay/lang";
import { chineseLexicon } from "./resources.ts";
import type { SuggestionKind } from "./types.ts";

export type ZhReason =
  | "phrase"
  | "de-adverb"
  | "de-complement"
  | "zai"
  | "lookalike"
  | "soundalike"
  | "pinyin"
  | "pinyin-unclear";

export interface ZhIssue {
  original: string;
  suggested: string;
  start: number;
  end: number;
  kind: SuggestionKind;
  reason: ZhReason;
  confidence: number;
  /** Further candidates, best first. */
  alternatives?: string[];
}

/** Frequent miswritten words (wrong → right). Sound-alike or look-alike character swaps made by students. */
const PHRASES: [string, string][] = [
  ["自已", "自己"],
  ["己经", "已经"],
  ["以经", "已经"],
  ["在见", "再见"],
  ["在次", "再次"],
  ["再也不", ""],
  ["做业", "作业"],
  ["觉的", "觉得"],
  ["覺的", "覺得"],
  ["显的", "显得"],
  ["记的", "记得"],
  ["值的", "值得"],
  ["懂的", "懂得"],
  ["获的", "获得"],
  ["使的", "使得"],
  ["变的更", "变得更"],
  ["变的很", "变得很"],
  ["工做", "工作"],
  ["作饭", "做饭"],
  ["即然", "既然"],
  ["既使", "即使"],
  ["竟争", "竞争"],
  ["竞然", "竟然"],
  ["必竟", "毕竟"],
  ["部份", "部分"],
  ["渡假", "度假"],
  ["锻练", "锻炼"],
  ["辨论", "辩论"],
  ["迫不急待", "迫不及待"],
  ["再接再励", "再接再厉"],
  ["一股作气", "一鼓作气"],
  ["按部就搬", "按部就班"],
  ["走头无路", "走投无路"],
  ["谈笑风声", "谈笑风生"],
  ["一愁莫展", "一筹莫展"],
  ["甘败下风", "甘拜下风"],
  ["默守成规", "墨守成规"],
  ["世外桃园", "世外桃源"],
  ["再所难免", "在所难免"],
  ["变本加利", "变本加厉"],
  ["穿流不息", "川流不息"],
  ["出奇不意", "出其不意"],
  ["专心至志", "专心致志"],
  ["提心掉胆", "提心吊胆"],
  ["金榜提名", "金榜题名"],
  ["心心相映", "心心相印"],
  ["入场卷", "入场券"],
  ["一如继往", "一如既往"],
  ["兴高彩烈", "兴高采烈"],
  ["无精打彩", "无精打采"],
  ["急不可奈", "急不可耐"],
  ["明查秋毫", "明察秋毫"],
  ["震憾", "震撼"],
  ["暴燥", "暴躁"],
  ["烦燥", "烦躁"],
  ["脉博", "脉搏"],
  ["寒喧", "寒暄"],
  ["气慨", "气概"],
  ["松驰", "松弛"],
  ["针贬", "针砭"],
  ["精萃", "精粹"],
  ["坐位", "座位"],
  ["带眼镜", "戴眼镜"],
  ["带帽子", "戴帽子"],
  ["幅射", "辐射"],
  ["蓝球", "篮球"],
  ["检到", "捡到"],
  ["象一样", "像一样"],
  ["好象", "好像"],
  ["不径而走", "不胫而走"],
  ["根深地固", "根深蒂固"],
  ["有持无恐", "有恃无恐"],
  ["貌合神离", ""],
  ["原形必露", "原形毕露"],
  ["美仑美奂", "美轮美奂"],
  ["悬梁刺骨", "悬梁刺股"],
  ["滥竽冲数", "滥竽充数"],
  ["一视同人", "一视同仁"],
  ["事倍功半", ""],
  ["莫不关心", "漠不关心"],
  ["唉声叹气", ""],
].filter(([, r]) => (r ?? "").length > 0) as [string, string][];

/** Characters that look alike (likely OCR misreadings of handwriting). */
const LOOKALIKE: string[] = [
  "己已巳",
  "未末",
  "土士",
  "日曰",
  "人入八",
  "天夭",
  "大太犬",
  "刀力",
  "千干于",
  "王玉主",
  "木术本",
  "贝见",
  "戊戌戍",
  "田由甲申",
  "免兔",
  "鸟乌",
  "析折",
  "拨拔",
  "候侯",
  "径经",
  "特持",
  "晴睛",
  "今令",
  "汩汨",
  "冶治",
  "壶壸",
  "祟崇",
  "荼茶",
  "休体",
  "午牛",
  "问间",
  "住往",
  "斤斥",
  "象豫",
  "准淮",
  "候喉",
];

/** Characters that sound alike (typical student wrong-character errors). */
const SOUNDALIKE: string[] = [
  "的地得",
  "在再",
  "做作",
  "象像",
  "即既",
  "竟竞",
  "辨辩",
  "带戴",
  "座坐",
  "须需",
  "练炼",
  "历厉",
  "采彩",
  "份分",
  "渡度",
  "园源",
  "蓝篮",
  "检捡",
  "佩配",
  "反返",
  "到道",
  "以已",
  "他她它",
  "那哪",
  "尝常",
  "副付",
  "题提",
  "经径",
  "惯贯",
  "继既",
];

function pairMap(groups: string[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const g of groups) {
    const chars = [...g];
    for (const c of chars) m.set(c, [...(m.get(c) ?? []), ...chars.filter((x) => x !== c)]);
  }
  return m;
}
const LOOK = pairMap(LOOKALIKE);
const SOUND = pairMap(SOUNDALIKE);

const ADVERB_DE =
  /(认真|努力|仔细|慢慢|渐渐|静静|默默|悄悄|大声|飞快|紧紧|不停|狠狠|小心翼翼|兴高采烈|一步一步|迅速|慢吞吞|偷偷|拼命|尽情|认认真真|高高兴兴|开开心心|仔仔细细|不知不觉|不由自主)的(?=[\p{Script=Han}])(?![人事样话声心时光态度脸眼手身努认])/gu;
const COMPLEMENT_DE =
  /(跑|跳|走|说|写|唱|做|学|长|变|笑|哭|讲|干|吃|睡|玩|飞|过|打|画|读|考|听|想|看)的(?=(很|非常|十分|特别|太|真|更|极|好|快|慢|清楚|认真|漂亮|不错|满头大汗|津津有味))/gu;

/** Characters that very often stand alone as a word, so a single-character segment proves nothing. */
const STANDALONE = new Set([..."间乌茶千术玉于人入八大太日天千干王主本木见问令今往住由甲田申刀力已己休体午牛"]);

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Length of the dictionary word covering position `pos` in `s` (ICU word segmentation). */
function segmentAt(s: string, pos: number): { index: number; segment: string } | undefined {
  for (const seg of segmenter.segment(s)) {
    if (pos >= seg.index && pos < seg.index + seg.segment.length) return seg;
  }
  return undefined;
}

function wordAt(s: string, pos: number): string {
  for (const seg of segmenter.segment(s)) {
    if (pos >= seg.index && pos < seg.index + seg.segment.length) return seg.isWordLike ? seg.segment : "";
  }
  return "";
}

function wordLenAt(s: string, pos: number): number {
  return wordAt(s, pos).length;
}

/** Context statistic of a candidate: length of the word it forms, then that word's corpus frequency (jieba). */
function wordScore(word: string): number {
  if (word.length < 2) return 0;
  return word.length * 10 + Math.log10(1 + (chineseLexicon().get(word)?.freq ?? 0));
}

/** Best replacement of the character at `i` among `alts`, judged by whether it forms a dictionary word with its neighbours. */
function contextBest(text: string, i: number, alts: string[]): { alt: string; len: number } | null {
  const from = Math.max(0, i - 3);
  const to = Math.min(text.length, i + 4);
  const win = text.slice(from, to);
  const p = i - from;
  const origLen = wordLenAt(win, p);
  if (origLen !== 1) return null;
  let best: { alt: string; len: number; score: number } | null = null;
  for (const a of alts) {
    const w2 = win.slice(0, p) + a + win.slice(p + 1);
    const word = wordAt(w2, p);
    const score = wordScore(word);
    if (word.length >= 2 && (!best || score > best.score)) best = { alt: a, len: word.length, score };
  }
  return best;
}

/**
 * A pinyin run gets a character only when the best candidate's log-score leads the runner-up by this much (about
 * 2.7 times as likely); otherwise the suggestion says the pinyin is there and suggests nothing.
 */
const PINYIN_MARGIN = 1;

/**
 * Whether other Latin letters or digits stand next to a span with only spaces or one line break between (the end of
 * one grid row and the start of the next are neighbours too), or a digit touches its start.
 */
function inGarbledStretch(text: string, start: number, end: number): boolean {
  return (
    // a digit touching the run ("2hua"): no child writes one before pinyin
    /[0-9]/.test(text[start - 1] ?? "") ||
    /[A-Za-z0-9](?=[ \t]*\n?[ \t]*$)[ \t\n]+$/.test(text.slice(Math.max(0, start - 8), start)) ||
    /^[ \t]*\n?[ \t]*(?<=[ \t\n])[A-Za-z0-9]/.test(text.slice(end, end + 8))
  );
}

/** Share of the probability mass the first of a ranked list of log-scores holds. */
function topShare(logScores: number[]): number {
  const top = logScores[0] ?? 0;
  return 1 / logScores.reduce((a, x) => a + Math.exp(x - top), 0);
}

/** Detect wrong characters, look-alike misreadings and pinyin in Chinese text. Deterministic. */
export function zhWrongCharacters(text: string, script: HanScript = detectScript(text)): ZhIssue[] {
  const out: ZhIssue[] = [];
  const taken = new Set<number>();
  const push = (x: ZhIssue) => {
    for (let k = x.start; k < x.end; k++) if (taken.has(k)) return;
    for (let k = x.start; k < x.end; k++) taken.add(k);
    out.push(x);
  };
  for (const [wrong, right] of PHRASES) {
    let i = text.indexOf(wrong);
    while (i >= 0) {
      // skip when the match starts inside a longer word (超值的, 懵懂的, 收获的, 自己经历 …)
      const from = Math.max(0, i - 3);
      const seg = segmentAt(text.slice(from, i + wrong.length + 3), i - from);
      if ((wrong === "己经" && text[i - 1] === "自") || (seg && seg.index < i - from)) {
        i = text.indexOf(wrong, i + 1);
        continue;
      }
      // trim to the differing characters
      let a = 0;
      while (a < wrong.length && wrong[a] === right[a]) a++;
      let b = 0;
      while (b < wrong.length - a && wrong[wrong.length - 1 - b] === right[right.length - 1 - b]) b++;
      const orig = wrong.slice(a, wrong.length - b);
      const sugg = right.slice(a, right.length - b);
      const isLook = [...orig].every((c, k) => LOOK.get(c)?.includes([...sugg][k] ?? "") ?? false);
      push({
        original: orig,
        suggested: sugg,
        start: i + a,
        end: i + a + orig.length,
        kind: isLook && !SOUND.has(orig) ? "ocr" : "student",
        reason: "phrase",
        confidence: 0.9,
      });
      i = text.indexOf(wrong, i + wrong.length);
    }
  }
  for (const re of [ADVERB_DE, COMPLEMENT_DE]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const pos = m.index + m[0].length - 1;
      push({
        original: "的",
        suggested: re === ADVERB_DE ? "地" : "得",
        start: pos,
        end: pos + 1,
        kind: "student",
        reason: re === ADVERB_DE ? "de-adverb" : "de-complement",
        confidence: 0.7,
      });
    }
  }
  // look-alike characters: implausible in context, but a similar-looking character forms a word
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const look = LOOK.get(c);
    if (!look || taken.has(i) || text[i - 1] === c || text[i + 1] === c) continue;
    const best = contextBest(text, i, look);
    if (best && (best.len >= 3 || (best.len === 2 && !STANDALONE.has(c)))) {
      const sound = SOUND.get(c)?.includes(best.alt) ?? false;
      push({
        original: c,
        suggested: best.alt,
        start: i,
        end: i + 1,
        kind: sound ? "student" : "ocr",
        reason: sound ? "soundalike" : "lookalike",
        confidence: best.len >= 3 ? 0.6 : 0.45,
      });
    }
  }
  // pinyin written in place of a character, ranked in context; without a clear winner it is only pointed out
  for (const run of findPinyinRuns(text, { script })) {
    const clear = run.margin >= PINYIN_MARGIN;
    const best = run.candidates[0]!;
    push({
      original: run.raw,
      suggested: clear ? best.text : run.raw,
      start: run.start,
      end: run.end,
      // children write pinyin in lower case between characters; capitals (Yan, Chan) or more letters beside it on
      // the line ("hai yin Suy yi", "hong hong 1omg") are the recogniser's reading of strokes
      kind: /[A-Z]/.test(run.raw) || inGarbledStretch(text, run.start, run.end) ? "ocr" : "student",
      reason: clear ? "pinyin" : "pinyin-unclear",
      confidence: clear ? Math.round(topShare(run.candidates.map((c) => c.logProb)) * 100) / 100 : 0.3,
      alternatives: run.candidates.slice(clear ? 1 : 0, clear ? 4 : 3).map((c) => c.text),
    });
  }
  return out.sort((a, b) => a.start - b.start);
}
