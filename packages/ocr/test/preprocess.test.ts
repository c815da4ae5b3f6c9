import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OcrError } from "../src/errors.ts";
import { applyHomography, homography } from "../src/geometry.ts";
import { decodeImage } from "../src/image.ts";
import { findPages, flattenIllumination, inkFraction, padWhite, suppressColor, warpQuad } from "../src/preprocess.ts";
import type { Quad } from "../src/types.ts";
import { fillRect, px, solid } from "./helpers.ts";

describe("suppressColor", () => {
  it("whitens red ink and green grid lines, keeps blue and black pen dark", () => {
    const img = solid(40, 10, [245, 245, 240]);
    fillRect(img, 0, 0, 10, 10, [210, 40, 40]); // red teacher ink
    fillRect(img, 10, 0, 10, 10, [120, 190, 130]); // green grid line
    fillRect(img, 20, 0, 10, 10, [30, 40, 150]); // blue pen
    fillRect(img, 30, 0, 10, 10, [30, 30, 30]); // black pen
    const { img: out, removed } = suppressColor(img);
    expect(px(out, 5, 5)).toEqual([255, 255, 255]);
    expect(px(out, 15, 5)).toEqual([255, 255, 255]);
    expect(px(out, 25, 5)[0]).toBeLessThan(60);
    expect(px(out, 35, 5)[0]).toBeLessThan(60);
    expect(removed).toBe(200);
  });
});

describe("suppressColor in shadow", () => {
  it("removes a grid line or red mark in a shadow as well as in the light, and keeps shaded pen", () => {
    const img = solid(50, 10, [150, 150, 145]); // paper in a shadow
    fillRect(img, 0, 0, 10, 10, [110, 72, 66]); // red grid line, shaded
    fillRect(img, 10, 0, 10, 10, [58, 84, 64]); // green grid line, shaded
    fillRect(img, 20, 0, 10, 10, [25, 30, 85]); // blue pen, shaded
    fillRect(img, 30, 0, 10, 10, [30, 34, 32]); // black pen, shaded
    fillRect(img, 40, 0, 10, 10, [90, 98, 92]); // pencil
    const { img: out } = suppressColor(img);
    expect(px(out, 5, 5)).toEqual([255, 255, 255]);
    expect(px(out, 15, 5)).toEqual([255, 255, 255]);
    expect(px(out, 25, 5)[0]).toBeLessThan(60);
    expect(px(out, 35, 5)[0]).toBeLessThan(60);
    expect(px(out, 45, 5)[0]).toBeLessThan(120);
  });
});

describe("flattenIllumination", () => {
  it("turns a shaded background into near-white paper while keeping ink dark", async () => {
    const w = 400;
    const h = 300;
    const img = solid(w, h, [0, 0, 0]);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = Math.round(120 + (120 * x) / w); // left side in shadow
        img.data.set([v, v, v], (y * w + x) * 3);
      }
    fillRect(img, 40, 140, 60, 6, [20, 20, 20]); // a stroke in the shadow
    const out = await flattenIllumination(img);
    expect(px(out, 10, 10)[0]).toBeGreaterThan(230);
    expect(px(out, 390, 290)[0]).toBeGreaterThan(230);
    expect(px(out, 70, 142)[0]).toBeLessThan(80);
  });
});

describe("findPages", () => {
  it("finds a white sheet on a dark desk", () => {
    const img = solid(800, 1000, [70, 60, 50]);
    fillRect(img, 100, 150, 600, 700, [240, 240, 235]);
    const pages = findPages(img);
    expect(pages).toHaveLength(1);
    const p = pages[0]!;
    expect(Math.abs(p.x - 100)).toBeLessThan(12);
    expect(Math.abs(p.y - 150)).toBeLessThan(12);
    expect(Math.abs(p.w - 600)).toBeLessThan(24);
    expect(Math.abs(p.h - 700)).toBeLessThan(24);
  });
  it("does nothing on a scan that is all paper", () => {
    const img = solid(800, 1000, [245, 245, 245]);
    fillRect(img, 100, 100, 300, 20, [20, 20, 20]);
    expect(findPages(img)).toEqual([]);
  });
  it("returns several sheets in reading order", () => {
    const img = solid(1200, 800, [60, 60, 60]);
    fillRect(img, 650, 100, 450, 600, [240, 240, 240]); // right sheet
    fillRect(img, 80, 120, 450, 600, [235, 235, 230]); // left sheet
    const pages = findPages(img);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.x).toBeLessThan(100);
    expect(pages[1]!.x).toBeGreaterThan(600);
  });
  it("leaves an upright sheet unwarped", () => {
    const img = solid(800, 1000, [70, 60, 50]);
    fillRect(img, 100, 150, 600, 700, [240, 240, 235]);
    expect(findPages(img)[0]!.quad).toBeUndefined();
  });
  it("finds the corners of a sheet photographed at an angle and straightens it", () => {
    // a 500×700 sheet with black marks every 100 px, projected onto a desk photo in perspective
    const sheetW = 500;
    const sheetH = 700;
    const corners: Quad = [
      [180, 120],
      [690, 170],
      [760, 900],
      [90, 860],
    ];
    const toPhoto = homography(
      [
        [0, 0],
        [sheetW, 0],
        [sheetW, sheetH],
        [0, sheetH],
      ],
      corners,
    );
    const toSheet = homography(corners, [
      [0, 0],
      [sheetW, 0],
      [sheetW, sheetH],
      [0, sheetH],
    ]);
    const img = solid(850, 1000, [70, 60, 50]);
    const isMark = (u: number, v: number) => u % 100 >= 40 && u % 100 < 60 && v % 100 >= 40 && v % 100 < 60;
    for (let y = 0; y < img.height; y++)
      for (let x = 0; x < img.width; x++) {
        const [u, v] = applyHomography(toSheet, [x + 0.5, y + 0.5]);
        if (u < 0 || v < 0 || u >= sheetW || v >= sheetH) continue;
        img.data.set(isMark(u, v) ? [20, 20, 20] : [240, 240, 235], (y * img.width + x) * 3);
      }
    const pages = findPages(img);
    expect(pages).toHaveLength(1);
    const quad = pages[0]!.quad!;
    expect(quad).toBeDefined();
    quad.forEach((p, i) => {
      expect(Math.hypot(p[0] - corners[i]![0], p[1] - corners[i]![1])).toBeLessThan(12);
    });
    const { img: flat, toSource } = warpQuad(img, quad);
    // the marks are back on an upright grid: sample each mark centre in the straightened page
    const sx = flat.width / sheetW;
    const sy = flat.height / sheetH;
    for (const [u, v] of [
      [50, 50],
      [450, 50],
      [250, 350],
      [50, 650],
      [450, 650],
    ] as const) {
      expect(px(flat, Math.round(u * sx), Math.round(v * sy))[0]).toBeLessThan(80);
      expect(px(flat, Math.round((u + 50) * sx), Math.round(v * sy))[0]).toBeGreaterThan(180);
    }
    // and the transform maps straightened pixels back onto the photo
    const back = applyHomography(toSource, [0, 0]);
    expect(Math.hypot(back[0] - quad[0][0], back[1] - quad[0][1])).toBeLessThan(1);
    const origin = applyHomography(toPhoto, [0, 0]);
    expect(origin[0]).toBeCloseTo(180, 6);
    expect(origin[1]).toBeCloseTo(120, 6);
  });
});

describe("image helpers", () => {
  it("pads with white", () => {
    const p = padWhite(solid(2, 2, [0, 0, 0]), 3);
    expect([p.width, p.height]).toEqual([8, 8]);
    expect(px(p, 0, 0)).toEqual([255, 255, 255]);
    expect(px(p, 3, 3)).toEqual([0, 0, 0]);
  });
  it("measures ink", () => {
    const img = solid(100, 100, [255, 255, 255]);
    expect(inkFraction(img)).toBe(0);
    fillRect(img, 0, 0, 10, 10, [0, 0, 0]);
    expect(inkFraction(img)).toBeCloseTo(0.01);
  });
  it("applies EXIF orientation when the step is on", async () => {
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#ffffff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const on = await decodeImage(jpeg, { exif: true });
    const off = await decodeImage(jpeg, { exif: false });
    expect([on.width, on.height]).toEqual([20, 60]);
    expect([off.width, off.height]).toEqual([60, 20]);
  });
  it("downscales huge images while decoding", async () => {
    const png = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const img = await decodeImage(png, { exif: true, maxSide: 2000 });
    expect([img.width, img.height]).toEqual([2000, 1500]);
  });
  it("rejects corrupt and empty bytes with OCR_BAD_IMAGE", async () => {
    await expect(decodeImage(new Uint8Array([1, 2, 3, 4, 5]), { exif: true })).rejects.toMatchObject({
      code: "OCR_BAD_IMAGE",
      retryable: false,
    });
    await expect(decodeImage(new Uint8Array(0), { exif: true })).rejects.toBeInstanceOf(OcrError);
  });
});
