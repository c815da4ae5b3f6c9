import type { TManuscriptPage } from "@essay/contract";
import { describe, expect, it } from "vitest";
import { applyAcrossPages, checkedText, confirmation, syncDrafts } from "./page-drafts.ts";

function page(id: string, ocrText: string | null, recognizedAt: string | null): TManuscriptPage {
  return {
    id,
    number: 1,
    imageUrl: `/p/${id}`,
    width: 10,
    height: 10,
    state: recognizedAt ? "read" : "waiting",
    ocrText,
    ocrReason: null,
    ocrConfidence: null,
    confirmedText: null,
    recognizedAt,
  };
}

describe("page drafts", () => {
  it("keeps the teacher's edits when a page is added, read or moved, and places the new page's text at its page", () => {
    let drafts = syncDrafts({}, [page("a", "第一页", "t1"), page("c", "第三页", "t1")]);
    drafts = { ...drafts, a: { text: "第一页（改）", from: "t1" } };
    // a forgotten page arrives between them, still unread
    const added = [page("a", "第一页", "t1"), page("b", null, null), page("c", "第三页", "t1")];
    drafts = syncDrafts(drafts, added);
    expect(confirmation(drafts, added).confirmedText).toBe("第一页（改）\n第三页");
    // …and is read
    const read = [page("a", "第一页", "t1"), page("b", "第二页", "t2"), page("c", "第三页", "t1")];
    drafts = syncDrafts(drafts, read);
    expect(confirmation(drafts, read)).toEqual({
      confirmedText: "第一页（改）\n第二页\n第三页",
      pageTexts: [
        { pageId: "a", text: "第一页（改）" },
        { pageId: "b", text: "第二页" },
        { pageId: "c", text: "第三页" },
      ],
    });
    // moved: the texts follow their pages
    const moved = [read[2], read[0], read[1]] as TManuscriptPage[];
    expect(confirmation(syncDrafts(drafts, moved), moved).confirmedText).toBe("第三页\n第一页（改）\n第二页");
    // removed: its text goes
    const removed = [read[0], read[2]] as TManuscriptPage[];
    expect(confirmation(syncDrafts(drafts, removed), removed).confirmedText).toBe("第一页（改）\n第三页");
  });

  it("a page read again replaces its text; text typed into an unread page stays when it is read", () => {
    let drafts = syncDrafts({}, [page("a", "old", "t1"), page("b", null, null)]);
    drafts = { a: { text: "edited", from: "t1" }, b: { text: "typed by hand", from: null } };
    drafts = syncDrafts(drafts, [page("a", "new", "t2"), page("b", "recognised", "t2")]);
    expect(drafts.a?.text).toBe("new");
    expect(drafts.b?.text).toBe("typed by hand");
    // re-run: cleared while the page is read again
    drafts = syncDrafts(drafts, [page("a", null, null), page("b", null, null)]);
    expect(drafts.a?.text).toBe("");
  });

  it("unchanged pages give back the same object (no re-render loop)", () => {
    const pages = [page("a", "x", "t1")];
    const drafts = syncDrafts({}, pages);
    expect(syncDrafts(drafts, pages)).toBe(drafts);
  });

  it("applies suggestions made on the joined text to the page they belong to", () => {
    const origin = ["I has a dog.", "He are big."];
    expect(checkedText(origin)).toBe("I has a dog.\nHe are big.");
    const edits = [
      { original: "has", suggested: "have", start: 2, end: 5 },
      { original: "are", suggested: "is", start: 16, end: 19 },
      { original: ".\nHe", suggested: ". He", start: 11, end: 15 },
    ];
    const { texts, skipped } = applyAcrossPages(origin, ["I has a dog!", "He are big."], edits);
    expect(texts).toEqual(["I have a dog!", "He is big."]);
    expect(skipped).toHaveLength(1);
  });
});
