import { describe, expect, it } from "vitest";
import { apiQuery, readFilters, writeFilters } from "./report-filters.ts";

describe("report filters", () => {
  it("reads the address bar, dropping values the API would refuse", () => {
    const f = readFilters(new URLSearchParams("q=li&band=great&status=graded&from=2026-03-03&to=3/5&page=-2"));
    expect(f).toEqual({
      q: "li",
      classId: "",
      assignmentId: "",
      band: "",
      status: "graded",
      from: "2026-03-03",
      to: "",
      page: 1,
    });
  });

  it("writes only what is set, and reads back the same", () => {
    const f = readFilters(new URLSearchParams("band=pass&page=3&to=2026-03-05"));
    const written = writeFilters(f);
    expect(written.toString()).toBe("band=pass&to=2026-03-05&page=3");
    expect(readFilters(written)).toEqual(f);
  });

  it("sends the date range as the browser's midnights, the last day included", () => {
    const q = apiQuery(readFilters(new URLSearchParams("from=2026-03-03&to=2026-03-05")), 20);
    expect(new Date(q.get("from") ?? "").getTime()).toBe(new Date(2026, 2, 3).getTime());
    expect(new Date(q.get("to") ?? "").getTime()).toBe(new Date(2026, 2, 6).getTime());
    expect(q.get("page")).toBe("1");
    expect(q.get("pageSize")).toBe("20");
    expect(q.has("band")).toBe(false);
  });
});
