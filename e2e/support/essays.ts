import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";

interface Manuscript {
  id: string;
  status: string;
  score: number | null;
  job: { state: string } | null;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function until(request: APIRequestContext, id: string, status: string): Promise<Manuscript> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const m = await json<Manuscript>(await request.get(`/api/manuscripts/${id}`), "poll");
    if (m.status === status) return m;
    if (m.job?.state === "failed") throw new Error(`manuscript ${id} failed before ${status}`);
    if (Date.now() > deadline) throw new Error(`manuscript ${id} stuck at ${m.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * An essay through the teacher's API as the grading screen sends it: student info, a photo (blank: recognition
 * finds no text quickly), the teacher's text confirmed, graded. `text: null` stops after creating it.
 */
/** A white photo: recognition finds no text on it quickly, and the teacher types the essay in. */
export function blankPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
}

/** The teacher's side once photos are in: wait for recognition, confirm `text`, wait for the grade. */
export async function confirmAndGrade(request: APIRequestContext, id: string, text: string): Promise<Manuscript> {
  await until(request, id, "ocr_completed");
  await json(await request.post(`/api/manuscripts/${id}/confirm-text`, { data: { confirmedText: text } }), "confirm");
  return until(request, id, "graded");
}

export async function essayViaApi(
  request: APIRequestContext,
  essay: { studentName: string; studentClass: string; studentId: string; topic: string; text: string | null },
): Promise<Manuscript> {
  const { text, ...info } = essay;
  const created = await json<Manuscript>(await request.post("/api/manuscripts", { data: info }), "create");
  if (text === null) return created;
  const blank = await blankPhoto();
  await json(
    await request.post(`/api/manuscripts/${created.id}/upload`, {
      multipart: { image: { name: "page.png", mimeType: "image/png", buffer: blank } },
    }),
    "upload",
  );
  return confirmAndGrade(request, created.id, text);
}
