import { joinPageTexts } from "@essay/contract";
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { manuscriptPages } from "../../db/schema.ts";

export type PageRow = typeof manuscriptPages.$inferSelect;
/** A page without its recognised lines (what screens and joins need; the lines can be large). */
export type PageSummary = Omit<PageRow, "ocrLines">;

const { ocrLines: _lines, ...summaryColumns } = getTableColumns(manuscriptPages);

/** The pages of one manuscript in reading order. */
export async function listPages(db: Queryable, manuscriptId: string): Promise<PageSummary[]> {
  return db
    .select(summaryColumns)
    .from(manuscriptPages)
    .where(eq(manuscriptPages.manuscriptId, manuscriptId))
    .orderBy(asc(manuscriptPages.position));
}

/** The pages of one manuscript in reading order with their recognised lines (the correction editor needs them). */
export async function listPagesWithLines(db: Queryable, manuscriptId: string): Promise<PageRow[]> {
  return db
    .select()
    .from(manuscriptPages)
    .where(eq(manuscriptPages.manuscriptId, manuscriptId))
    .orderBy(asc(manuscriptPages.position));
}

/** The pages of several manuscripts, each list in reading order. */
export async function pagesByManuscript(db: Queryable, manuscriptIds: string[]): Promise<Map<string, PageSummary[]>> {
  const out = new Map<string, PageSummary[]>(manuscriptIds.map((id) => [id, []]));
  if (manuscriptIds.length === 0) return out;
  const rows = await db
    .select(summaryColumns)
    .from(manuscriptPages)
    .where(inArray(manuscriptPages.manuscriptId, manuscriptIds))
    .orderBy(asc(manuscriptPages.manuscriptId), asc(manuscriptPages.position));
  for (const row of rows) out.get(row.manuscriptId)?.push(row);
  return out;
}

export async function findPage(db: Queryable, manuscriptId: string, pageId: string): Promise<PageSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(manuscriptPages)
    .where(and(eq(manuscriptPages.manuscriptId, manuscriptId), eq(manuscriptPages.id, pageId)))
    .limit(1);
  return row ?? null;
}

/** The first page still to be read, in reading order. */
export async function nextUnreadPage(db: Queryable, manuscriptId: string): Promise<PageSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(manuscriptPages)
    .where(and(eq(manuscriptPages.manuscriptId, manuscriptId), isNull(manuscriptPages.recognizedAt)))
    .orderBy(asc(manuscriptPages.position))
    .limit(1);
  return row ?? null;
}

/**
 * Gives the pages the positions of `orderedIds` (0, 1, …). Positions are unique per manuscript, so every page first
 * moves out of the way (negative), then to its place; the caller holds the manuscript's row lock.
 */
export async function setPageOrder(tx: Queryable, manuscriptId: string, orderedIds: string[]): Promise<void> {
  await tx
    .update(manuscriptPages)
    .set({ position: sql`-1 - ${manuscriptPages.position}` })
    .where(eq(manuscriptPages.manuscriptId, manuscriptId));
  for (const [position, id] of orderedIds.entries()) {
    await tx
      .update(manuscriptPages)
      .set({ position })
      .where(and(eq(manuscriptPages.manuscriptId, manuscriptId), eq(manuscriptPages.id, id)));
  }
}

/** Marks every page of the manuscript unread again (recognition runs anew over all pages). */
export async function clearRecognition(tx: Queryable, manuscriptId: string): Promise<void> {
  await tx
    .update(manuscriptPages)
    .set({
      ocrText: null,
      ocrReason: null,
      ocrConfidence: null,
      ocrLines: null,
      ocrEngine: null,
      ocrVersion: null,
      recognizedAt: null,
    })
    .where(eq(manuscriptPages.manuscriptId, manuscriptId));
}

/** What the manuscript row holds about its pages' recognition: the joined text and its summary figures. */
export interface RecognitionSummary {
  /** Joined text of the pages read so far, in page order; null when no page is read. */
  ocrText: string | null;
  /** When the whole text is empty: why (the first page's reason). */
  ocrReason: string | null;
  /** Mean of the read pages' confidences, weighted by their text length. */
  ocrConfidence: number | null;
  read: number;
  total: number;
}

export function summarise(pages: readonly PageSummary[]): RecognitionSummary {
  const read = pages.filter((p) => p.recognizedAt !== null);
  if (read.length === 0) return { ocrText: null, ocrReason: null, ocrConfidence: null, read: 0, total: pages.length };
  const ocrText = joinPageTexts(read.map((p) => p.ocrText));
  let weight = 0;
  let sum = 0;
  for (const p of read) {
    if (p.ocrConfidence === null) continue;
    const w = Math.max(1, (p.ocrText ?? "").length);
    weight += w;
    sum += p.ocrConfidence * w;
  }
  return {
    ocrText,
    ocrReason: ocrText.trim() === "" ? (read.find((p) => p.ocrReason)?.ocrReason ?? "no_text_found") : null,
    ocrConfidence: weight > 0 ? sum / weight : null,
    read: read.length,
    total: pages.length,
  };
}
