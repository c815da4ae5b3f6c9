/**
 * Synthetic handwriting-like test pages, generated at run time (never committed):
 * Chinese essays in a Kai-style font on green 方格 grid paper with red teacher marks, and English text
 * on ruled paper; each photographed-looking: placed on a desk background, rotated, shaded, blurred, JPEG.
 */
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { applyHomography, homography } from "../../../packages/ocr/src/geometry.ts";
import type { Quad } from "../../../packages/ocr/src/types.ts";

const ZH_PARAS = [
  [
    "星期天早上，妈妈带我去公园放风筝。天空很蓝，风也不大，我们的风筝飞得又高又远。",
    "我看见小鸟从风筝旁边飞过，好像在和它比赛。我高兴地拍手，妈妈也笑了。",
  ],
  [
    "秋天到了，树叶变黄了，一片一片从树上落下来，像一只只蝴蝶在空中跳舞。",
    "我和同学们在操场上捡树叶，做成了一幅美丽的画。老师说我们的画很有创意。",
  ],
  [
    "我家有一只小花猫，它的眼睛圆圆的，耳朵尖尖的，尾巴长长的。",
    "每天放学回家，它都会跑到门口等我。我给它吃鱼，它就高兴地叫起来。",
    "我爱我的小花猫。",
  ],
];

/** Written for these pages: what a third-grader writes about their day, with its usual punctuation. */
export const ZH_PEN_PARAS = [
  [
    "今天下午，我们班举行了一场拔河比赛。比赛开始了，同学们都用力地拉着绳子，脸涨得通红。",
    "啦啦队在旁边大声喊：“加油！加油！”最后我们赢了，大家高兴得跳了起来。",
  ],
  [
    "我的奶奶住在乡下。她家门前有一条小河，河水清清的，可以看见小鱼在水里游来游去。",
    "暑假的时候，我常常和奶奶一起去河边洗衣服。奶奶说：“你长大了，会帮忙了。”",
  ],
  [
    "下雨了，我没有带伞，站在学校门口很着急。这时候，一位阿姨走过来，把她的伞借给了我。",
    "我问她叫什么名字，她笑着说：“不用谢。”我心里暖暖的，以后我也要帮助别人。",
  ],
  [
    "春天来了，小草从地下钻出来，柳树长出了嫩绿的新芽。燕子从南方飞回来了。",
    "我和爸爸去田野里放风筝，还看见农民伯伯在地里忙着种庄稼。春天真美啊！",
  ],
];

const EN_PARAS = [
  [
    "Last summer I visited my grandmother in a small village near the sea.",
    "Every morning we walked along the beach and collected shells.",
  ],
  [
    "I think reading books is the best way to learn new words.",
    "My favourite story is about a boy who travels around the world in a balloon.",
  ],
];

type Rng = () => number;
function rng(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Stands in a laid-out paragraph for a scribbled-out character (not part of the reference text). */
const SCRIBBLED = "\u0001";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Lay out paragraphs in a grid of `cols` cells: each paragraph starts with two empty cells. */
function gridCells(paras: string[], cols: number): string[][] {
  const rows: string[][] = [];
  for (const p of paras) {
    let row: string[] = ["", ""];
    for (const ch of p) {
      if (row.length === cols) {
        rows.push(row);
        row = [];
      }
      row.push(ch);
    }
    rows.push(row);
  }
  return rows;
}

export async function zhGridPage(
  paras: string[],
  opts: {
    cell: number;
    seed: number;
    red: boolean;
    gridColor?: string;
    handPunct?: boolean;
    scribbles?: number;
    /** Characters drawn stroke by stroke with a pen, each a little off (see `penGlyph`), instead of typeset. */
    pen?: { width: number; wobble: number };
  },
): Promise<Buffer> {
  const r = rng(opts.seed);
  const cols = 20;
  // a scribbled-out character takes a cell of its own before the one the child wrote instead
  const written = paras.map((p) => [...p]);
  for (let k = 0; k < (opts.scribbles ?? 0); k++) {
    const para = written[k % written.length]!;
    para.splice(1 + Math.floor(r() * (para.length - 1)), 0, SCRIBBLED);
  }
  const rows = gridCells(
    written.map((p) => p.join("")),
    cols,
  );
  const nRows = Math.max(rows.length + 2, 12);
  const cell = opts.cell;
  const rowGap = Math.round(cell * 0.3);
  const margin = cell * 1.5;
  const W = Math.round(cols * cell + 2 * margin);
  const H = Math.round(nRows * (cell + rowGap) + 2 * margin);
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#f6f4ea"/>`];
  const green = opts.gridColor ?? "#6fb07a";
  for (let i = 0; i < nRows; i++) {
    const y = margin + i * (cell + rowGap);
    parts.push(
      `<rect x="${margin}" y="${y}" width="${cols * cell}" height="${cell}" fill="none" stroke="${green}" stroke-width="${Math.max(1, cell / 30)}"/>`,
    );
    for (let c = 1; c < cols; c++) {
      const x = margin + c * cell;
      parts.push(
        `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + cell}" stroke="${green}" stroke-width="${Math.max(1, cell / 40)}"/>`,
      );
    }
  }
  const ink = r() < 0.5 ? "#1f2a6b" : "#222222";
  rows.forEach((row, i) => {
    const y = margin + i * (cell + rowGap);
    row.forEach((ch, c) => {
      if (!ch) return;
      const jx = (r() - 0.5) * cell * 0.12;
      const jy = (r() - 0.5) * cell * 0.12;
      const size = cell * (0.78 + r() * 0.12);
      const x = margin + c * cell + cell / 2 + jx;
      if (ch === SCRIBBLED) {
        const x0 = margin + c * cell;
        parts.push(
          `<text x="${x0 + cell / 2}" y="${y + cell * 0.8}" font-family="AR PL UKai CN" font-size="${cell * 0.8}" fill="${ink}" text-anchor="middle">的</text>`,
          scribble(x0 + cell * 0.08, y + cell * 0.06, cell * 0.84, cell * 0.86, ink, r),
        );
        return;
      }
      const isPunct = /[，。、；：！？“”]/u.test(ch);
      const drawn = opts.pen && !isPunct ? penGlyph(ch, margin + c * cell, y, cell, ink, r, opts.pen) : null;
      if (drawn) {
        parts.push(drawn);
        return;
      }
      if ((opts.handPunct || opts.pen) && /[，。、]/u.test(ch)) {
        parts.push(handPunctuation(ch, margin + c * cell + jx, y + jy, cell, ink));
        return;
      }
      const yy = y + cell * (isPunct ? 0.62 : 0.8) + jy;
      const xx = isPunct ? x - cell * 0.2 : x;
      parts.push(
        `<text x="${xx}" y="${yy}" font-family="AR PL UKai CN" font-size="${size}" fill="${ink}" text-anchor="middle">${esc(ch)}</text>`,
      );
    });
  });
  if (opts.red) {
    // teacher's marks: circles, a tick, wavy underline, a score
    for (let k = 0; k < 4; k++) {
      const i = Math.floor(r() * rows.length);
      const c = 2 + Math.floor(r() * (cols - 4));
      const y = margin + i * (cell + rowGap) + cell / 2;
      const x = margin + c * cell + cell / 2;
      parts.push(
        `<ellipse cx="${x}" cy="${y}" rx="${cell * 0.55}" ry="${cell * 0.5}" fill="none" stroke="#d22" stroke-width="${cell / 18}"/>`,
      );
    }
    const i = Math.floor(r() * rows.length);
    const y = margin + i * (cell + rowGap) + cell + rowGap * 0.5;
    let d = `M ${margin + cell * 3} ${y}`;
    for (let c = 3; c < 12; c++) d += ` q ${cell / 4} ${-rowGap * 0.4} ${cell / 2} 0 t ${cell / 2} 0`;
    parts.push(`<path d="${d}" fill="none" stroke="#d22" stroke-width="${cell / 20}"/>`);
    parts.push(
      `<text x="${W - margin - cell * 2}" y="${margin - cell * 0.3}" font-family="AR PL UKai CN" font-size="${cell}" fill="#d22">优</text>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function enLinedPage(
  paras: string[],
  opts: { size: number; seed: number; width: number; scribbledWord?: string },
): Promise<Buffer> {
  const r = rng(opts.seed);
  const lineH = Math.round(opts.size * 1.9);
  const margin = opts.size * 2.5;
  const maxChars = Math.floor((opts.width - 2 * margin) / (opts.size * 0.5));
  const lines: { text: string; indent: boolean }[] = [];
  for (const p of paras) {
    let cur = "";
    let first = true;
    for (const w of p.split(" ")) {
      const limit = first ? maxChars - 4 : maxChars;
      if (cur && cur.length + 1 + w.length > limit) {
        lines.push({ text: cur, indent: first });
        first = false;
        cur = w;
      } else cur = cur ? `${cur} ${w}` : w;
    }
    lines.push({ text: cur, indent: first });
  }
  const H = Math.round((lines.length + 4) * lineH + 2 * margin);
  const W = opts.width;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#fbfbf7"/>`];
  for (let i = 0; i < lines.length + 4; i++) {
    const y = margin + (i + 1) * lineH;
    parts.push(
      `<line x1="${margin * 0.5}" y1="${y}" x2="${W - margin * 0.5}" y2="${y}" stroke="#8fb0d8" stroke-width="2"/>`,
    );
  }
  const ink = "#1c2460";
  lines.forEach((l, i) => {
    const y = margin + (i + 1) * lineH - opts.size * 0.25 + (r() - 0.5) * 4;
    let x = margin + (l.indent ? opts.size * 2 : 0);
    if (i === 0 && opts.scribbledWord) {
      // the first word the child wrote, blacked out, before the sentence begins again
      const w = opts.scribbledWord.length * opts.size * 0.5;
      parts.push(
        `<text x="${x}" y="${y}" font-family="AR PL UKai CN" font-size="${opts.size}" fill="${ink}" textLength="${w}" lengthAdjust="spacingAndGlyphs">${esc(opts.scribbledWord)}</text>`,
        scribble(x - opts.size * 0.1, y - opts.size * 0.85, w + opts.size * 0.2, opts.size * 1.1, ink, r),
      );
      x += w + opts.size * 0.6;
    }
    parts.push(
      `<text x="${x}" y="${y}" font-family="AR PL UKai CN" font-size="${opts.size}" fill="${ink}">${esc(l.text)}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Make a page look photographed: on a desk, rotated, uneven light, blurred, upscaled, JPEG. */
export async function photograph(
  page: Buffer,
  opts: { seed: number; angle: number; scale: number; blur: number },
): Promise<Buffer> {
  const meta = await sharp(page).metadata();
  const pw = Math.round(meta.width! * opts.scale);
  const ph = Math.round(meta.height! * opts.scale);
  const rotated = await sharp(page).resize(pw, ph).rotate(opts.angle, { background: "#5a4a3a" }).png().toBuffer();
  const rm = await sharp(rotated).metadata();
  const W = Math.round(rm.width! * 1.15);
  const H = Math.round(rm.height! * 1.12);
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/></svg>`,
  );
  return sharp({ create: { width: W, height: H, channels: 3, background: "#5a4a3a" } })
    .composite([
      { input: rotated, left: Math.round((W - rm.width!) / 2), top: Math.round((H - rm.height!) / 2) },
      { input: shade, left: 0, top: 0 },
    ])
    .blur(opts.blur)
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A page photographed at an angle: the sheet projected in perspective (a keystone) onto a desk. */
export async function perspective(page: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pw = info.width;
  const ph = info.height;
  const W = Math.round(pw * 1.15);
  const H = Math.round(ph * 1.1);
  const corners: Quad = [
    [0.14 * W, 0.06 * H],
    [0.84 * W, 0.03 * H],
    [0.97 * W, 0.97 * H],
    [0.03 * W, 0.93 * H],
  ];
  const toPage = homography(corners, [
    [0, 0],
    [pw, 0],
    [pw, ph],
    [0, ph],
  ]);
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [u, v] = applyHomography(toPage, [x + 0.5, y + 0.5]);
      const o = (y * W + x) * 3;
      if (u < 0 || v < 0 || u >= pw || v >= ph) {
        out[o] = 0x5a;
        out[o + 1] = 0x4a;
        out[o + 2] = 0x3a;
        continue;
      }
      const i = (Math.floor(v) * pw + Math.floor(u)) * info.channels;
      out[o] = data[i]!;
      out[o + 1] = data[i + 1]!;
      out[o + 2] = data[i + 2]!;
    }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * ，。、 as a child's pen draws them in the lower left of the cell: a short hooked stroke, a small ring, a tick —
 * thin pen lines a font does not have, and what the recogniser most often drops on real grid pages.
 */
function handPunctuation(ch: string, x: number, y: number, cell: number, ink: string): string {
  const s = cell;
  const pen = `stroke="${ink}" stroke-width="${(s * 0.055).toFixed(1)}" stroke-linecap="round" fill="none"`;
  if (ch === "。") return `<circle cx="${x + 0.3 * s}" cy="${y + 0.72 * s}" r="${0.085 * s}" ${pen}/>`;
  if (ch === "、")
    return `<line x1="${x + 0.24 * s}" y1="${y + 0.6 * s}" x2="${x + 0.34 * s}" y2="${y + 0.72 * s}" ${pen}/>`;
  return `<path d="M ${x + 0.3 * s} ${y + 0.62 * s} q ${0.05 * s} ${0.06 * s} ${-0.05 * s} ${0.2 * s}" ${pen}/>`;
}

const requireData = createRequire(import.meta.url);

/**
 * A character written with a pen: the stroke centre lines of Make Me a Hanzi (npm `hanzi-writer-data`, 1024-unit
 * box, y up from 900) drawn with a round pen of `width` (share of the cell), the whole character a little turned,
 * shrunk and moved in its cell, each stroke shifted and each point wobbled by up to `wobble` (share of the cell) —
 * uneven the way a child's characters are, which a font is not. Null when the character has no stroke data.
 */
function penGlyph(
  ch: string,
  x0: number,
  y0: number,
  cell: number,
  ink: string,
  r: Rng,
  pen: { width: number; wobble: number },
): string | null {
  let data: { medians: [number, number][][] };
  try {
    data = requireData(`hanzi-writer-data/${ch}.json`) as { medians: [number, number][][] };
  } catch {
    return null;
  }
  const size = cell * (0.78 + r() * 0.16);
  const angle = (r() - 0.5) * 0.16;
  const cx = x0 + cell / 2 + (r() - 0.5) * cell * 0.1;
  const cy = y0 + cell / 2 + (r() - 0.5) * cell * 0.1;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const w = pen.wobble * cell;
  const paths = data.medians.map((stroke) => {
    const dx = (r() - 0.5) * w * 2;
    const dy = (r() - 0.5) * w * 2;
    const pts = stroke.map(([u, v]) => {
      const px = (u / 1024 - 0.5) * size + dx + (r() - 0.5) * w;
      const py = ((900 - v) / 1024 - 0.5) * size + dy + (r() - 0.5) * w;
      return `${(cx + px * cos - py * sin).toFixed(1)} ${(cy + px * sin + py * cos).toFixed(1)}`;
    });
    return `M ${pts.join(" L ")}`;
  });
  const width = (cell * pen.width * (0.85 + r() * 0.3)).toFixed(1);
  return `<path d="${paths.join(" ")}" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
}

/** A character or word blacked out with a pen: zigzags back and forth, then across, over the box. */
function scribble(x: number, y: number, w: number, h: number, ink: string, r: Rng): string {
  const pen = `stroke="${ink}" stroke-width="${(h * 0.11).toFixed(1)}" stroke-linejoin="round" fill="none"`;
  let down = `M ${x + w * 0.05} ${y + h * 0.1}`;
  for (let k = 1; k <= 10; k++)
    down += ` L ${x + (k % 2 ? w * 0.95 : w * 0.05)} ${y + h * (0.1 + 0.08 * k + (r() - 0.5) * 0.03)}`;
  let across = `M ${x + w * 0.08} ${y + h * 0.85}`;
  const n = Math.max(6, Math.round((w / h) * 6));
  for (let k = 1; k <= n; k++) across += ` L ${x + w * (0.08 + (0.84 * k) / n)} ${y + (k % 2 ? h * 0.12 : h * 0.88)}`;
  return `<path d="${down}" ${pen}/><path d="${across}" ${pen}/>`;
}

/** Generate the synthetic set into `dir` (outside the repo) and return the manifest path. */
export async function generateSynthetic(dir: string): Promise<string> {
  let fonts = "";
  try {
    fonts = execFileSync("fc-list", ["AR PL UKai CN"], { encoding: "utf8" });
  } catch {
    // fontconfig missing: reported below
  }
  if (!fonts.trim()) {
    throw new Error("synthetic pages need the Kai-style font: apt-get install fonts-arphic-ukai");
  }
  await mkdir(dir, { recursive: true });
  const manifest: { id: string; image: string; text: string; language: string; level: string }[] = [];
  // paragraphs are separated by a blank line, as the engine writes them
  const add = async (id: string, img: Buffer, paras: string[], language: string) => {
    await writeFile(path.join(dir, `${id}.jpg`), img);
    await writeFile(path.join(dir, `${id}.txt`), paras.join("\n\n"));
    manifest.push({ id, image: `${id}.jpg`, text: `${id}.txt`, language, level: "page" });
  };
  for (const [i, paras] of ZH_PARAS.entries()) {
    const page = await zhGridPage(paras, { cell: 64, seed: i + 1, red: true });
    await add(
      `syn_zh_grid_${i}`,
      await photograph(page, { seed: i, angle: i % 2 ? 2.5 : -1.5, scale: 2, blur: 1.2 }),
      paras,
      "zh-Hans",
    );
    const small = await zhGridPage(paras, { cell: 36, seed: i + 11, red: i === 0 });
    await add(
      `syn_zh_small_${i}`,
      await photograph(small, { seed: i, angle: 0.8, scale: 1, blur: 0.6 }),
      paras,
      "zh-Hans",
    );
  }
  // punctuation drawn with a pen instead of typeset, on small cells
  for (const [i, paras] of ZH_PARAS.entries()) {
    const page = await zhGridPage(paras, { cell: 44, seed: i + 51, red: i === 1, handPunct: true });
    await add(
      `syn_zh_handpunct_${i}`,
      await photograph(page, { seed: i + 7, angle: -0.6, scale: 1.3, blur: 0.8 }),
      paras,
      "zh-Hans",
    );
  }
  // characters written stroke by stroke with a wobbly pen, on 40 px cells, as children write
  for (const [i, paras] of ZH_PEN_PARAS.entries()) {
    const page = await zhGridPage(paras, {
      cell: 40,
      seed: i + 71,
      red: i % 2 === 0,
      pen: { width: 0.07, wobble: 0.07 },
    });
    await add(
      `syn_zh_pen_${i}`,
      await photograph(page, { seed: i + 11, angle: i % 2 ? 0.9 : -1.2, scale: 1.4, blur: 0.8 }),
      paras,
      "zh-Hans",
    );
  }
  // characters and a word scribbled out by the child
  {
    const page = await zhGridPage(ZH_PARAS[0]!, { cell: 48, seed: 61, red: false, scribbles: 3 });
    await add(
      "syn_zh_scribbled",
      await photograph(page, { seed: 8, angle: 1.1, scale: 1.5, blur: 0.9 }),
      ZH_PARAS[0]!,
      "zh-Hans",
    );
    const en = await enLinedPage(EN_PARAS[1]!, { size: 40, seed: 62, width: 1500, scribbledWord: "Yesterday" });
    await add(
      "syn_en_scribbled",
      await photograph(en, { seed: 9, angle: 0.8, scale: 1.6, blur: 1 }),
      EN_PARAS[1]!,
      "en",
    );
  }
  // one sheet photographed at an angle (perspective)
  {
    const page = await zhGridPage(ZH_PARAS[2]!, { cell: 56, seed: 31, red: true });
    await add(
      "syn_zh_perspective",
      await photograph(await perspective(page), { seed: 5, angle: 0, scale: 1.6, blur: 1 }),
      ZH_PARAS[2]!,
      "zh-Hans",
    );
  }
  // red grid paper (with the teacher's red marks on it)
  {
    const page = await zhGridPage(ZH_PARAS[1]!, { cell: 56, seed: 41, red: true, gridColor: "#d9826f" });
    await add(
      "syn_zh_red_grid",
      await photograph(page, { seed: 6, angle: -2, scale: 1.7, blur: 1 }),
      ZH_PARAS[1]!,
      "zh-Hans",
    );
  }
  // two sheets photographed side by side: read left page, then right page
  {
    const left = await zhGridPage(ZH_PARAS[0]!, { cell: 48, seed: 21, red: false });
    const right = await zhGridPage(ZH_PARAS[1]!, { cell: 48, seed: 22, red: true });
    const lm = await sharp(left).metadata();
    const rm = await sharp(right).metadata();
    const gap = 80;
    const W = lm.width! + rm.width! + 3 * gap;
    const H = Math.max(lm.height!, rm.height!) + 2 * gap;
    const desk = await sharp({ create: { width: W, height: H, channels: 3, background: "#4a3d30" } })
      .composite([
        { input: left, left: gap, top: gap },
        { input: right, left: 2 * gap + lm.width!, top: gap + 20 },
      ])
      .png()
      .toBuffer();
    const photo = await photograph(desk, { seed: 3, angle: 0.7, scale: 1.2, blur: 0.8 });
    await add("syn_zh_two_pages", photo, [...ZH_PARAS[0]!, ...ZH_PARAS[1]!], "zh-Hans");
  }
  for (const [i, paras] of EN_PARAS.entries()) {
    const page = await enLinedPage(paras, { size: 40, seed: i + 5, width: 1500 });
    await add(`syn_en_lined_${i}`, await photograph(page, { seed: i, angle: -1.2, scale: 1.8, blur: 1 }), paras, "en");
  }
  const mp = path.join(dir, "manifest.json");
  await writeFile(mp, JSON.stringify(manifest, null, 1));
  return mp;
}
