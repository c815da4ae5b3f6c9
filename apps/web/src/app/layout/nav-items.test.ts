import { describe, expect, it } from "vitest";
import { currentNavItem, NAV_ITEMS, STUDENT_NAV_ITEMS } from "./nav-items.ts";

describe("currentNavItem", () => {
  it("matches exactly, then by the longest prefix, never by / alone", () => {
    expect(currentNavItem(NAV_ITEMS, "/")?.to).toBe("/");
    expect(currentNavItem(NAV_ITEMS, "/assignments")?.to).toBe("/assignments");
    expect(currentNavItem(NAV_ITEMS, "/assignments/123")?.to).toBe("/assignments");
    expect(currentNavItem(NAV_ITEMS, "/profile")).toBeUndefined();
    expect(currentNavItem(STUDENT_NAV_ITEMS, "/student/submissions/1")?.to).toBe("/student");
  });
});
