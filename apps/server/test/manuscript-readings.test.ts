import { ZManuscript, ZManuscriptReadings } from "@essay/contract";
import type { OcrEngine } from "@essay/ocr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn } from "./factories.ts";
import { type TestClient, testDatabases } from "./harness.ts";
import {
  type ManuscriptTestApp,
  pollManuscript,
  renderPage,
  sharedOcr,
  startManuscriptApp,
  uploadFile,
} from "./manuscripts-harness.ts";

vi.setConfig({ testTimeout: 180_000 });

const ocr: OcrEngine = sharedOcr();
afterAll(() => ocr.close());

const STUDENT = { studentName: "Wang Fang", studentClass: "三年级二班", studentId: "S3001" };
const PAGES = [
  ["Alpha: our school held a sports day.", "Many students ran races."],
  ["Bravo: everyone cheered for the winners."],
];

/** A grade-3 story with pinyin for a character (gao) and a wrong 得 (觉的). */
const STORY =
  "今天是星期天，我和妈妈去公园玩。公园里的花开了，有红的、黄的，非常漂亮。我们在湖边看见了很多小鱼，它们游来游去，" +
  "我高兴极了。中午我们在草地上吃东西，同学们都很gao兴。下午我又去了一次，我在次来到湖边，看见一只小鸟在树上唱歌。" +
  "我觉的今天过得真开心。";

describe.each(testDatabases())("text confirmation evidence (%s)", (kind) => {
  let t: ManuscriptTestApp;
  let photos: Buffer[];
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
    photos = await Promise.all(PAGES.map((lines) => renderPage(lines, "jpeg", { width: 900 })));
  });
  afterAll(() => t?.close());

  async function created(client: TestClient, extra: Record<string, unknown> = {}) {
    const res = await client.post("/api/manuscripts", { ...STUDENT, ...extra });
    expect(res.status).toBe(201);
    return ZManuscript.parse(res.body);
  }

  it("gives each recognised character its confidence, alternatives, page, line and boxes, aligned to ocrText", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    for (const photo of photos) expect((await uploadFile(client, m.id, photo)).status).toBe(200);
    const read = ZManuscript.parse(
      await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null),
    );

    const res = await client.get(`/api/manuscripts/${m.id}/readings`);
    expect(res.status).toBe(200);
    const { ocrText, readings } = ZManuscriptReadings.parse(res.body);
    expect(ocrText).toBe(read.ocrText);
    // the engine reports every character of every line: all of the text but its line breaks has evidence
    const covered = new Set(readings.flatMap((r) => Array.from({ length: r.length }, (_, k) => r.offset + k)));
    const visible = [...ocrText].filter((c, i) => c !== "\n" && !covered.has(i));
    expect(visible.join("").trim()).toBe("");
    for (const [n, p] of read.pages.entries()) {
      const own = readings.filter((r) => r.pageId === p.id);
      expect(own.length).toBeGreaterThan(10);
      for (const r of own) {
        // the same character through the manuscript's offsets and through the page's own
        expect(ocrText.slice(r.offset, r.offset + r.length)).toBe(
          p.ocrText?.slice(r.pageOffset, r.pageOffset + r.length),
        );
        expect(r.confidence).toBeGreaterThanOrEqual(0);
        expect(r.confidence).toBeLessThanOrEqual(1);
        const [x0, y0, x1, y1] = r.box;
        expect(0 <= x0 && x0 < x1 && x1 <= p.width && 0 <= y0 && y0 < y1 && y1 <= p.height).toBe(true);
        const [lx0, ly0, lx1, ly1] = r.lineBox;
        expect(lx0 <= x0 && ly0 <= y0 && x1 <= lx1 && y1 <= ly1).toBe(true);
      }
      // the page's lines are numbered in reading order
      expect(own.map((r) => r.line)).toEqual([...own.map((r) => r.line)].sort((a, b) => a - b));
      expect(new Set(own.map((r) => r.line)).size).toBe(PAGES[n]?.length);
    }
    // offsets run on across the page break
    const second = read.pages[1]?.id;
    expect(readings.find((r) => r.pageId === second)?.offset).toBe((read.pages[0]?.ocrText ?? "").trimEnd().length + 1);

    // another teacher's manuscript is not found; signed out is 401
    const other = await signedIn(t);
    expect((await other.client.get(`/api/manuscripts/${m.id}/readings`)).status).toBe(404);
    expect((await t.client().get(`/api/manuscripts/${m.id}/readings`)).status).toBe(401);
  });

  it("before anything is read there is no evidence", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    const res = await client.get(`/api/manuscripts/${m.id}/readings`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ocrText: "", readings: [] });
  });

  it("suggestions the teacher dismissed are not counted or listed; the errors kept are", async () => {
    const { client } = await signedIn(t);
    const grade = async (dismissed?: unknown) => {
      const m = await created(client, { topic: "快乐的一天", schoolYear: 3 });
      expect((await uploadFile(client, m.id, photos[0] ?? Buffer.alloc(0))).status).toBe(200);
      await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
      const confirm = await client.post(`/api/manuscripts/${m.id}/confirm-text`, {
        confirmedText: STORY,
        ...(dismissed ? { dismissed } : {}),
      });
      expect(confirm.status).toBe(200);
      return ZManuscript.parse(await pollManuscript(client, m.id, (x) => x.status === "graded" && x.job === null));
    };
    const notes = (m: ReturnType<typeof ZManuscript.parse>) =>
      [...(m.criteria ?? []).flatMap((c) => c.evidence), ...(m.feedback?.improvements ?? [])].join("\n");

    const kept = notes(await grade());
    expect(kept).toContain("的→得");
    expect(kept).toContain("gao→高");

    const start = STORY.indexOf("觉的") + 1;
    const decided = notes(await grade([{ original: "的", suggested: "得", start }]));
    expect(decided).not.toContain("的→得");
    // the pinyin the teacher kept is still the student's error, in the report
    expect(decided).toContain("gao→高");

    // malformed decisions are refused
    const m = await created(client);
    expect((await uploadFile(client, m.id, photos[0] ?? Buffer.alloc(0))).status).toBe(200);
    await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
    const tooMany = Array.from({ length: 501 }, () => ({ original: "的", suggested: "得" }));
    expect(
      (await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: STORY, dismissed: tooMany })).status,
    ).toBe(400);
  });
});
