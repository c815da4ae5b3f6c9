import type { TCharReading } from "@essay/contract";
import { describe, expect, it } from "vitest";
import {
  carriedReadings,
  dismissedForConfirm,
  doubtAt,
  doubtful,
  evidenceForCheck,
  nextDoubt,
  readingsByPage,
} from "./doubts.ts";

const BOX: [number, number, number, number] = [0, 0, 10, 10];
/** Evidence for every character of a page's text; the characters in `unsure` read at 0.3 with one alternative. */
function evidence(pageId: string, text: string, unsure: Record<number, string>, base = 0): TCharReading[] {
  return [...text].map((_, i) => ({
    offset: base + i,
    length: 1,
    confidence: unsure[i] ? 0.3 : 0.97,
    ...(unsure[i] ? { alternatives: [{ text: unsure[i] ?? "", confidence: 0.25 }] } : {}),
    pageId,
    pageOffset: i,
    line: 0,
    box: BOX,
    lineBox: BOX,
  }));
}

describe("doubtful characters in the editor", () => {
  const page1 = "我们去公园玩";
  const page2 = "今天很高兴";
  const all = [...evidence("p1", page1, { 3: "工" }), ...evidence("p2", page2, { 1: "夫", 4: "米" }, page1.length + 1)];

  it("splits the evidence by page, offsets into each page's own text", () => {
    const byPage = readingsByPage(all);
    expect(byPage.get("p2")?.map((r) => r.offset)).toEqual([0, 1, 2, 3, 4]);
    expect(doubtful(byPage.get("p2") ?? [], new Set()).map((r) => page2[r.offset])).toEqual(["天", "兴"]);
  });

  it("keeps the marks of untouched characters over edits and drops the retyped ones", () => {
    const p2 = readingsByPage(all).get("p2") ?? [];
    // the teacher typed a word before the doubtful 天 and replaced 兴
    const edited = "今天真的很高光";
    const doubts = doubtful(carriedReadings(page2, edited, p2), new Set());
    expect(doubts.map((r) => [r.offset, edited[r.offset], r.key])).toEqual([[1, "天", 1]]);
  });

  it("a line the teacher retyped keeps no marks, even where a retyped letter matches the recognised one", () => {
    const recognised = "Aud, nuke this is elechon geas";
    const unsure = Object.fromEntries([...recognised].map((_, i) => [i, "x"]));
    const p = readingsByPage(evidence("p", recognised, unsure)).get("p") ?? [];
    const retyped = "and, since this is election year.";
    const kept = doubtful(carriedReadings(recognised, retyped, p), new Set());
    // only stretches left as they were keep their marks (", " and " this is ele…" here), never a letter or two that happen to match
    for (const r of kept) {
      const neighbours = kept.filter((x) => Math.abs(x.offset - r.offset) === 1);
      expect(neighbours.length).toBeGreaterThan(0);
    }
    expect(kept.length).toBeGreaterThan(0);
  });

  it("an accepted character is no longer doubtful and goes to the check as read for sure", () => {
    const byPage = readingsByPage(all);
    const p1 = byPage.get("p1") ?? [];
    const p2 = byPage.get("p2") ?? [];
    const accepted = [new Set<number>(), new Set([1])];
    expect(doubtful(p2, accepted[1] ?? new Set()).map((r) => r.key)).toEqual([4]);
    const sent = evidenceForCheck([page1, page2], [p1, p2], accepted);
    // the second page starts after the first and its line break
    const tian = sent.find((r) => r.offset === page1.length + 1 + 1);
    expect(tian).toEqual({ offset: 8, length: 1, confidence: 1 });
    expect(sent.find((r) => r.offset === 3)?.alternatives).toEqual([{ text: "工", confidence: 0.25 }]);
  });

  it("leaves unsure blanks unmarked", () => {
    const text = "we went home";
    const p = readingsByPage(evidence("p", text, { 2: "_", 3: "v" })).get("p") ?? [];
    expect(doubtful(p, new Set(), text).map((r) => text[r.offset])).toEqual(["w"]);
  });

  it("finds the doubtful character at the caret and the next one, wrapping round", () => {
    const doubts = doubtful(readingsByPage(all).get("p2") ?? [], new Set());
    expect(doubtAt(doubts, 1)?.key).toBe(1);
    expect(doubtAt(doubts, 2)?.key).toBe(1);
    expect(doubtAt(doubts, 3)).toBeUndefined();
    expect(nextDoubt(doubts, 1)?.key).toBe(4);
    expect(nextDoubt(doubts, 4)?.key).toBe(1);
    expect(nextDoubt(doubts, 4, -1)?.key).toBe(1);
    expect(nextDoubt([], 0)).toBeUndefined();
  });

  it("moves dismissed suggestions from the checked text to the confirmed text", () => {
    // checked: pages joined by a line break; confirmed: an empty page dropped, trailing blanks cut
    const checked = ["第一页  ", "", "我觉的很好"];
    const start = "第一页  ".length + 1 + 0 + 1 + 2;
    expect(dismissedForConfirm(checked, [{ original: "的", suggested: "得", start }])).toEqual([
      { original: "的", suggested: "得", start: "第一页".length + 1 + 2 },
    ]);
  });
});
