import { describe, expect, it } from "vitest";
import { findGrid, gridRowBoxes } from "../src/grid.ts";
import { type Rgb, rotateRgb } from "../src/image.ts";
import { suppressColor } from "../src/preprocess.ts";
import { fillRect, solid } from "./helpers.ts";

const CELL = 40;
const GAP = 12;
const COLS = 20;
const ROWS = 10;
const LEFT = 60;
const TOP = 50;

/** Green 方格 paper: ROWS rows of COLS square cells, rows separated by a gap; "writing" in some cells. */
function gridPaper(writing: Record<number, number[]>, green: [number, number, number] = [120, 190, 130]): Rgb {
  const img = solid(LEFT * 2 + COLS * CELL, TOP * 2 + ROWS * (CELL + GAP), [246, 246, 240]);
  for (let r = 0; r < ROWS; r++) {
    const y = TOP + r * (CELL + GAP);
    fillRect(img, LEFT, y, COLS * CELL, 2, green);
    fillRect(img, LEFT, y + CELL, COLS * CELL, 2, green);
    for (let c = 0; c <= COLS; c++) fillRect(img, LEFT + c * CELL, y, 2, CELL + 2, green);
    for (const c of writing[r] ?? []) fillRect(img, LEFT + c * CELL + 10, y + 8, CELL - 20, CELL - 16, [30, 30, 60]);
  }
  return img;
}

const rowOf = (cy: number) => Math.round((cy - TOP - CELL / 2) / (CELL + GAP));

describe("grid-aware reading", () => {
  it("finds the rows and cell size of green grid paper", () => {
    const grid = findGrid(gridPaper({}));
    expect(grid).not.toBeNull();
    expect(Math.abs(grid!.cell - CELL)).toBeLessThanOrEqual(2);
    expect(grid!.rows).toHaveLength(ROWS);
    expect(Math.abs(grid!.angle)).toBeLessThan(0.01);
  });

  it("finds a grid printed teal (green and blue alike, as on the real classroom pages), and not blue pen ruling", () => {
    // the real pages' grid lines measure about (150, 172, 166): green over red, blue level with green
    const teal = findGrid(gridPaper({}, [150, 172, 166]));
    expect(teal).not.toBeNull();
    expect(teal!.rows).toHaveLength(ROWS);
    expect(findGrid(gridPaper({}, [120, 140, 200]))).toBeNull();
  });

  it("removes a teal grid in the colour step and keeps blue and pencil strokes", () => {
    const page = gridPaper({ 0: [2] }, [150, 172, 166]);
    fillRect(page, LEFT + 5 * CELL + 10, TOP + 8, 10, 10, [139, 150, 192]); // blue ink
    fillRect(page, LEFT + 7 * CELL + 10, TOP + 8, 10, 10, [90, 98, 92]); // pencil
    const out = suppressColor(page).img;
    const at = (x: number, y: number) => out.data[(y * out.width + x) * 3]!;
    expect(at(LEFT + 1, TOP + 20)).toBe(255);
    expect(at(LEFT + 5 * CELL + 15, TOP + 12)).toBeLessThan(160);
    expect(at(LEFT + 7 * CELL + 15, TOP + 12)).toBeLessThan(100);
  });

  it("gives one box per written row, trimmed to its ink, keeping a two-cell indent and a lone mark in the first cell", () => {
    const page = gridPaper({ 0: [2, 3, 4, 5, 6], 1: [0, 1, 2, 3], 3: [0], 5: [2, 3, 4, 5, 6, 7, 8, 9] });
    const grid = findGrid(page)!;
    const ink = suppressColor(page).img;
    const boxes = gridRowBoxes(grid, ink, 0, page.width, page.height);
    expect(boxes.map((b) => rowOf(b.rect.cy))).toEqual([0, 1, 3, 5]);
    const startCell = (b: (typeof boxes)[number]) => (b.rect.cx - b.rect.w / 2 - LEFT) / CELL;
    // the indented rows start about two cells in; the others at the margin
    expect(startCell(boxes[0]!)).toBeGreaterThan(1.4);
    expect(startCell(boxes[1]!)).toBeLessThan(0.5);
    expect(startCell(boxes[2]!)).toBeLessThan(0.5);
    expect(startCell(boxes[3]!)).toBeGreaterThan(1.4);
    for (const b of boxes) expect(Math.abs(b.rect.h - CELL * 1.2)).toBeLessThan(6);
  });

  it("puts back rows and columns whose printed lines are too faint to find on their own", () => {
    const page = gridPaper({ 0: [0, 1, 2], 1: [17, 18, 19] });
    const paper: [number, number, number] = [246, 246, 240];
    // the top two rows and the last column washed out: only every fifth stretch of their lines survives
    // (a faint print, or a JPEG that lost the colour around the writing)
    const washOut = (x: number, y: number, w: number, h: number) => {
      const len = Math.max(w, h);
      for (let t = 0; t < len; t += 10) {
        if (t % 50 === 0) continue;
        if (w >= h) fillRect(page, x + t, y, Math.min(10, w - t), h, paper);
        else fillRect(page, x, y + t, w, Math.min(10, h - t), paper);
      }
    };
    for (const r of [0, 1]) {
      const y = TOP + r * (CELL + GAP);
      washOut(LEFT, y, COLS * CELL, 2);
      washOut(LEFT, y + CELL, COLS * CELL, 2);
      for (let c = 0; c <= COLS; c++) washOut(LEFT + c * CELL, y, 2, CELL + 2);
    }
    for (let r = 0; r < ROWS; r++) washOut(LEFT + COLS * CELL, TOP + r * (CELL + GAP), 2, CELL + 2);
    // the writing is drawn again where washing out the lines cut into it
    fillRect(page, LEFT + 10, TOP + 8, CELL - 20, CELL - 16, [30, 30, 60]);
    const grid = findGrid(page)!;
    expect(grid.rows).toHaveLength(ROWS);
    const boxes = gridRowBoxes(grid, suppressColor(page).img, 0, page.width, page.height);
    expect(boxes.map((b) => rowOf(b.rect.cy))).toEqual([0, 1]);
    // the second row's writing runs to the last cell: its box reaches the grid's right edge
    const right = boxes[1]!.rect.cx + boxes[1]!.rect.w / 2;
    expect(right).toBeGreaterThan(LEFT + (COLS - 0.2) * CELL);
  });

  it("reads no writing into empty rows in the shade", () => {
    const page = gridPaper({ 0: [0, 1, 2, 3] });
    // the lower half of the page lies in a shadow: paper and grid lines 40% darker
    for (let y = Math.floor(page.height / 2); y < page.height; y++)
      for (let x = 0; x < page.width; x++)
        for (let c = 0; c < 3; c++) {
          const i = (y * page.width + x) * 3 + c;
          page.data[i] = page.data[i]! * 0.6;
        }
    const grid = findGrid(page)!;
    const boxes = gridRowBoxes(grid, suppressColor(page).img, 0, page.width, page.height);
    expect(boxes.map((b) => rowOf(b.rect.cy))).toEqual([0]);
  });

  it("follows a page photographed slightly rotated", async () => {
    const page = await rotateRgb(gridPaper({ 2: [0, 1, 2] }), 2);
    const grid = findGrid(page)!;
    expect(grid).not.toBeNull();
    expect(Math.abs((grid.angle * 180) / Math.PI - 2)).toBeLessThanOrEqual(0.3);
    expect(grid.rows).toHaveLength(ROWS);
  });

  it("reads red grid paper the same way, a teacher's red circle notwithstanding", () => {
    const page = gridPaper({ 0: [2, 3, 4], 4: [0, 1] }, [220, 110, 100]);
    fillRect(page, 300, 250, 60, 4, [210, 40, 40]);
    const grid = findGrid(page)!;
    expect(grid).not.toBeNull();
    expect(grid.rows).toHaveLength(ROWS);
    const boxes = gridRowBoxes(grid, suppressColor(page).img, 0, page.width, page.height);
    expect(boxes.map((b) => rowOf(b.rect.cy))).toEqual([0, 4]);
  });

  it("finds no grid on plain or ruled paper", () => {
    const plain = solid(900, 700, [246, 246, 240]);
    fillRect(plain, 100, 100, 500, 30, [30, 30, 30]);
    expect(findGrid(plain)).toBeNull();
    const ruled = solid(900, 700, [246, 246, 240]);
    for (let y = 60; y < 680; y += 40) fillRect(ruled, 20, y, 860, 2, [120, 150, 200]);
    expect(findGrid(ruled)).toBeNull();
  });
});
