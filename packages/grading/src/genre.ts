import { defaultGenre, recogniseGenre, type TGenre, type TSchoolYear } from "@essay/contract";
import type { TaskKind } from "./model.ts";
import type { Span } from "./text.ts";
import type { EssayLanguage } from "./types.ts";

export type { TGenre as Genre } from "@essay/contract";

/**
 * The genre an essay is judged as: the teacher's choice, else what the topic's wording names, else the level's
 * usual genre. A short answer to a reading (task kind "source") explains, whatever verb its question uses
 * ("describe the mood …"), unless it argues.
 */
export function resolveGenre(
  given: TGenre | undefined,
  topic: string,
  language: EssayLanguage,
  year: TSchoolYear | undefined,
  task: TaskKind,
): TGenre {
  if (given) return given;
  const named = recogniseGenre(topic);
  if (task === "source") return named === "argumentative" ? "argumentative" : "expository";
  return named ?? defaultGenre(year, language);
}

/** A news report's parts: headline on its own line, a lead answering who/what/when/where/why, quotations. */
export interface NewsChecks {
  kind: "news";
  headline: string | null;
  leadWh: string[];
  quotations: number;
  numbers: number;
  firstPerson: number;
}

/** A letter's parts: greeting line, closing formula, signature. */
export interface LetterChecks {
  kind: "letter";
  salutation: string | null;
  closing: string | null;
  signature: string | null;
}

/** A notice's parts: title, time and place of what it announces, issuer and date at the end. */
export interface NoticeChecks {
  kind: "notice";
  title: string | null;
  time: boolean;
  place: boolean;
  issuer: string | null;
}

export type PracticalChecks = NewsChecks | LetterChecks | NoticeChecks;

export function practicalChecks(
  genre: TGenre,
  text: string,
  paras: Span[],
  sents: Span[],
  language: EssayLanguage,
): PracticalChecks | null {
  if (genre === "news") return newsChecks(text, paras, sents, language);
  if (genre === "letter") return letterChecks(paras, language);
  if (genre === "notice") return noticeChecks(text, paras, language);
  return null;
}

function shortFirstLine(paras: Span[], language: EssayLanguage): string | null {
  const first = paras[0];
  return first &&
    paras.length > 1 &&
    [...first.text].length <= (language === "zh" ? 30 : 90) &&
    !/[.。!！?？]$/.test(first.text)
    ? first.text
    : null;
}

export function newsChecks(text: string, paras: Span[], sents: Span[], language: EssayLanguage): NewsChecks {
  const headline = shortFirstLine(paras, language);
  const leadSpan = headline ? paras[1] : paras[0];
  const lead = leadSpan?.text ?? sents[0]?.text ?? "";
  const leadWh: string[] = [];
  if (language === "zh") {
    if (/(月|日|周|星期|上午|下午|晚上|昨天|今天|近日|日前|\d)/.test(lead)) leadWh.push("when");
    if (/(在|于|於)[^，。]{1,12}(校|场|馆|厅|室|楼|园|操场|礼堂|中心|舉行|举行)/.test(lead)) leadWh.push("where");
    if (/(学生|同学|老师|学校|校长|社|会|班|學生|同學|老師|學校)/.test(lead)) leadWh.push("who");
    if (/(举行|举办|开展|召开|舉行|舉辦|開展|活动|活動|比赛|比賽)/.test(lead)) leadWh.push("what");
    if (/(为了|為了|旨在|以|目的)/.test(lead)) leadWh.push("why");
  } else {
    if (
      /\b(on|last|yesterday|today|this|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|\d{1,4})\b/i.test(
        lead,
      )
    )
      leadWh.push("when");
    if (
      /\b(at|in)\s+(the\s+)?[a-z]*\s*(hall|school|gym|field|auditorium|library|campus|room|center|centre|stadium|park)/i.test(
        lead,
      )
    )
      leadWh.push("where");
    if (/\b(students?|teachers?|principal|club|class|team|school|members?)\b/i.test(lead)) leadWh.push("who");
    if (/\b(held|organi[sz]ed|hosted|took place|launched|celebrated|competition|event|festival|fair)\b/i.test(lead))
      leadWh.push("what");
    if (/\b(to raise|in order to|aim(ed)? to|so that|because|to help|to promote)\b/i.test(lead)) leadWh.push("why");
  }
  const quotations = (text.match(/["“][^"”]{3,}["”]|「[^」]{2,}」|『[^』]{2,}』/g) ?? []).length;
  const numbers = (text.match(/\d+|[一二三四五六七八九十百千万]+(名|人|个|位|场|次|届)/g) ?? []).length;
  const firstPerson =
    language === "zh" ? (text.match(/我(?!们|們|校)/g) ?? []).length : (text.match(/\b(I|me|my|mine)\b/g) ?? []).length;
  return { kind: "news", headline, leadWh, quotations, numbers, firstPerson };
}

export function letterChecks(paras: Span[], language: EssayLanguage): LetterChecks {
  const first = paras[0]?.text ?? "";
  const lastTwo = paras.slice(-3).map((p) => p.text);
  const salutation =
    language === "zh"
      ? /^[^，。！？]{1,15}[：:]$|^(亲爱的|尊敬的|親愛的)[^，。！？]{1,15}[：:，,]/.test(first)
        ? first
        : null
      : /^(dear|hi|hello|to)\b[^.!?]{0,40}[,:]?$/i.test(first)
        ? first
        : null;
  const closingRe =
    language === "zh"
      ? /^(此致|祝|敬礼|敬禮|顺祝|順祝|祝你|祝您|盼|期待)/
      : /^(yours|best|kind|warm|with love|love|regards|sincerely|many thanks|thank you|cheers|take care)\b/i;
  const closing = lastTwo.find((t) => closingRe.test(t)) ?? null;
  const last = paras.at(-1)?.text ?? "";
  const signature = paras.length > 1 && [...last].length <= (language === "zh" ? 20 : 40) ? last : null;
  return { kind: "letter", salutation, closing, signature };
}

export function noticeChecks(text: string, paras: Span[], language: EssayLanguage): NoticeChecks {
  const first = paras[0]?.text ?? "";
  const title =
    paras.length > 1 &&
    (language === "zh" ? /(通知|启事|啟事|公告|海报|海報)/.test(first) : /\b(notice|announcement)\b/i.test(first)) &&
    [...first].length <= (language === "zh" ? 20 : 60)
      ? first
      : null;
  const time =
    language === "zh"
      ? /(\d+|[一二三四五六七八九十]+)(月|日|号|號|点|點|时|時)|星期|周[一二三四五六日]|上午|下午|晚上/.test(text)
      : /\b(\d{1,2}(:\d{2})?\s*(a\.?m\.?|p\.?m\.?)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i.test(
          text,
        );
  const place =
    language === "zh"
      ? /(在|于|於|地点|地點)[^，。]{0,12}(室|馆|館|场|場|厅|廳|楼|樓|操场|操場|礼堂|禮堂|教室|门口|門口)/.test(text)
      : /\b(in|at)\s+(the\s+)?[a-z]*\s*(hall|gym|room|library|playground|field|auditorium|classroom|office|gate)\b/i.test(
          text,
        );
  const tail = paras.slice(-2).map((p) => p.text);
  const issuer =
    paras.length > 2
      ? (tail.find((t) =>
          language === "zh"
            ? /(学生会|學生會|处|處|办公室|辦公室|委员会|委員會|班|社|部|学校|學校)/.test(t) && [...t].length <= 25
            : /\b(office|club|council|committee|department|union|school)\b/i.test(t) && t.length <= 60,
        ) ?? null)
      : null;
  return { kind: "notice", title, time, place, issuer };
}
