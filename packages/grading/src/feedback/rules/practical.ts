import type { LetterChecks, NewsChecks, NoticeChecks } from "../../genre.ts";
import { truncate } from "../../text.ts";
import { q, say } from "../say.ts";
import type { Rule } from "../types.ts";

// Checks of practical writing. Each applies only to its own genre: a news-report check never fires on a story.

const news = (a: { practical: { kind: string } | null }) => a.practical?.kind === "news";
const newsOf = (a: { practical: unknown }) => a.practical as NewsChecks;

export const newsHeadlineRule: Rule = {
  id: "news-headline",
  criterion: "content",
  applies: news,
  observe(a) {
    const g = newsOf(a);
    if (g.headline) {
      return {
        weight: 1.5,
        text: say(
          `The report opens with a headline, ${q(g.headline, "en")}.`,
          `报道有标题${q(g.headline, "zh-CN")}。`,
          `報導有標題${q(g.headline, "zh-TW")}。`,
        ),
        evidence: { quote: g.headline, note: "headline" },
      };
    }
    const first = a.paragraphs[0]?.text ?? a.sentences[0]?.text ?? "";
    return {
      weight: -2,
      text: say(
        `A news report needs a headline on its own line; the text starts straight away with ${q(first, "en", 40)}.`,
        `新闻报道需要单独一行的标题，本文直接以${q(first, "zh-CN", 15)}开头。`,
        `新聞報導需要單獨一行的標題，本文直接以${q(first, "zh-TW", 15)}開頭。`,
      ),
      evidence: { quote: truncate(first, 80), note: "no headline" },
    };
  },
};

const ZH_WH: Record<string, string> = { who: "何人", what: "何事", when: "何时", where: "何地", why: "为何" };
const TW_WH: Record<string, string> = { who: "何人", what: "何事", when: "何時", where: "何地", why: "為何" };

export const newsLeadRule: Rule = {
  id: "news-lead",
  criterion: "content",
  applies: news,
  observe(a) {
    const g = newsOf(a);
    const missing = ["who", "what", "when", "where", "why"].filter((w) => !g.leadWh.includes(w));
    return {
      weight: missing.length <= 1 ? 1.5 : -1 - missing.length / 2,
      text:
        missing.length <= 1
          ? say(
              `The lead answers ${g.leadWh.join(", ")}.`,
              `导语交代了${g.leadWh.map((w) => ZH_WH[w]).join("、")}。`,
              `導語交代了${g.leadWh.map((w) => TW_WH[w]).join("、")}。`,
            )
          : say(
              `The lead does not say ${missing.join(", ")}; the first paragraph of a report should answer who, what, when, where and why.`,
              `导语缺少${missing.map((w) => ZH_WH[w]).join("、")}；新闻导语应交代何人、何事、何时、何地、为何。`,
              `導語缺少${missing.map((w) => TW_WH[w]).join("、")}；新聞導語應交代何人、何事、何時、何地、為何。`,
            ),
      evidence: { note: `lead: ${g.leadWh.join(",") || "-"}` },
    };
  },
};

export const newsQuotesRule: Rule = {
  id: "news-quotes",
  criterion: "content",
  applies: news,
  observe(a) {
    const n = newsOf(a).quotations;
    return {
      weight: n > 0 ? 1 : -1.5,
      text:
        n > 0
          ? say(
              `${n} direct quotation${n > 1 ? "s" : ""} give the report a first-hand voice.`,
              `有${n}处直接引语，增强了报道的真实感。`,
              `有${n}處直接引語，增強了報導的真實感。`,
            )
          : say(
              "The report quotes nobody; add a quotation from a participant or organiser.",
              "报道中没有任何引语，可加入参与者或组织者的原话。",
              "報導中沒有任何引語，可加入參與者或組織者的原話。",
            ),
      evidence: { note: `${n} quotations` },
    };
  },
};

export const newsPersonRule: Rule = {
  id: "news-person",
  criterion: "content",
  applies: news,
  observe(a) {
    const n = newsOf(a).firstPerson;
    if (n < 3) return null;
    return {
      weight: -1.5,
      text: say(
        `The first person ('I', 'me', 'my') appears ${n} times; a news report keeps an objective third-person tone.`,
        `文中“我”出现${n}次，新闻报道应保持客观的第三人称叙述。`,
        `文中「我」出現${n}次，新聞報導應保持客觀的第三人稱敘述。`,
      ),
      evidence: { note: `${n} first-person` },
    };
  },
};

const letter = (a: { practical: { kind: string } | null }) => a.practical?.kind === "letter";
const letterOf = (a: { practical: unknown }) => a.practical as LetterChecks;

export const letterGreetingRule: Rule = {
  id: "letter-greeting",
  criterion: "organisation",
  applies: letter,
  observe(a) {
    const g = letterOf(a);
    if (g.salutation) {
      return {
        weight: 1,
        text: say(
          `The letter opens with a greeting line, ${q(g.salutation, "en")}.`,
          `书信开头有称呼${q(g.salutation, "zh-CN")}。`,
          `書信開頭有稱呼${q(g.salutation, "zh-TW")}。`,
        ),
        evidence: { quote: g.salutation, note: "greeting" },
      };
    }
    return {
      weight: -2,
      text: say(
        "A letter opens with a greeting on its own line (Dear …,).",
        "书信开头要顶格写称呼，后面加冒号（如“亲爱的小明：”）。",
        "書信開頭要頂格寫稱呼，後面加冒號（如「親愛的小明：」）。",
      ),
      evidence: { note: "no greeting" },
    };
  },
};

export const letterClosingRule: Rule = {
  id: "letter-closing",
  criterion: "organisation",
  applies: letter,
  observe(a) {
    const g = letterOf(a);
    if (g.closing || g.signature) {
      const shown = g.closing ?? g.signature ?? "";
      return {
        weight: 1,
        text: say(
          `The letter ends properly, with ${q(shown, "en", 30)}.`,
          `书信结尾有${g.closing ? "祝颂语" : "署名"}${q(shown, "zh-CN", 15)}。`,
          `書信結尾有${g.closing ? "祝頌語" : "署名"}${q(shown, "zh-TW", 15)}。`,
        ),
        evidence: { quote: shown, note: "closing" },
      };
    }
    return {
      weight: -1.5,
      text: say(
        "End the letter with a closing (Best wishes, Yours sincerely) and your name.",
        "书信结尾要写祝颂语（如“此致 敬礼”“祝你快乐”）和署名、日期。",
        "書信結尾要寫祝頌語（如「此致 敬禮」「祝你快樂」）和署名、日期。",
      ),
      evidence: { note: "no closing" },
    };
  },
};

const notice = (a: { practical: { kind: string } | null }) => a.practical?.kind === "notice";
const noticeOf = (a: { practical: unknown }) => a.practical as NoticeChecks;

export const noticeTitleRule: Rule = {
  id: "notice-title",
  criterion: "content",
  applies: notice,
  observe(a) {
    const g = noticeOf(a);
    return g.title
      ? {
          weight: 1,
          text: say(
            `The notice has a title, ${q(g.title, "en")}.`,
            `通知有标题${q(g.title, "zh-CN")}。`,
            `通知有標題${q(g.title, "zh-TW")}。`,
          ),
          evidence: { quote: g.title, note: "title" },
        }
      : {
          weight: -2,
          text: say(
            "A notice starts with a title on its own line (Notice).",
            "通知第一行要居中写标题“通知”。",
            "通知第一行要居中寫標題「通知」。",
          ),
          evidence: { note: "no title" },
        };
  },
};

export const noticeDetailsRule: Rule = {
  id: "notice-details",
  criterion: "content",
  applies: notice,
  observe(a) {
    const g = noticeOf(a);
    if (g.time && g.place) {
      return {
        weight: 1.5,
        text: say("The notice says when and where.", "通知写清了时间和地点。", "通知寫清了時間和地點。"),
        evidence: { note: "time and place" },
      };
    }
    const missing = [!g.time ? "time" : "", !g.place ? "place" : ""].filter(Boolean);
    return {
      weight: -2,
      text: say(
        `The notice does not say the ${missing.join(" or the ")}.`,
        `通知没有写清${missing.map((m) => (m === "time" ? "时间" : "地点")).join("和")}。`,
        `通知沒有寫清${missing.map((m) => (m === "time" ? "時間" : "地點")).join("和")}。`,
      ),
      evidence: { note: `missing ${missing.join(",")}` },
    };
  },
};

export const noticeIssuerRule: Rule = {
  id: "notice-issuer",
  criterion: "organisation",
  applies: notice,
  observe(a) {
    if (noticeOf(a).issuer) return null;
    return {
      weight: -1,
      text: say(
        "Sign the notice with who issues it and the date.",
        "通知末尾要写上发通知的单位和日期。",
        "通知末尾要寫上發通知的單位和日期。",
      ),
      evidence: { note: "no issuer" },
    };
  },
};
