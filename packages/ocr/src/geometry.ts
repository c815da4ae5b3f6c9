import type { Point, Quad } from "./types.ts";

/** Andrew's monotone chain convex hull. */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

export interface RotatedRect {
  cx: number;
  cy: number;
  /** Side along the (more horizontal) direction `angle`. */
  w: number;
  h: number;
  /** Radians, in (-pi/4, pi/4]: direction of the w side. */
  angle: number;
}

/** Minimum-area enclosing rectangle (rotating calipers over hull edges). */
export function minAreaRect(points: Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) return { cx: 0, cy: 0, w: 0, h: 0, angle: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Number.POSITIVE_INFINITY;
  const n = hull.length;
  const edges = n < 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    let theta = n < 2 ? 0 : Math.atan2(b[1] - a[1], b[0] - a[0]);
    // normalise to (-pi/4, pi/4]
    while (theta > Math.PI / 4) theta -= Math.PI / 2;
    while (theta <= -Math.PI / 4) theta += Math.PI / 2;
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const p of hull) {
      const u = p[0] * c + p[1] * s;
      const v = -p[0] * s + p[1] * c;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea - 1e-9) {
      bestArea = area;
      const mu = (minU + maxU) / 2;
      const mv = (minV + maxV) / 2;
      best = { cx: mu * c - mv * s, cy: mu * s + mv * c, w: maxU - minU, h: maxV - minV, angle: theta };
    }
  }
  return best!;
}

/** Corners of a rotated rect as TL, TR, BR, BL. */
export function rectToQuad(r: RotatedRect): Quad {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const dx: Point = [(c * r.w) / 2, (s * r.w) / 2];
  const dy: Point = [(-s * r.h) / 2, (c * r.h) / 2];
  return [
    [r.cx - dx[0] - dy[0], r.cy - dx[1] - dy[1]],
    [r.cx + dx[0] - dy[0], r.cy + dx[1] - dy[1]],
    [r.cx + dx[0] + dy[0], r.cy + dx[1] + dy[1]],
    [r.cx - dx[0] + dy[0], r.cy - dx[1] + dy[1]],
  ];
}

export function quadBounds(q: Quad): { x0: number; y0: number; x1: number; y1: number } {
  const xs = q.map((p) => p[0]);
  const ys = q.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** 3×3 projective transform, row-major. */
export type Homography = [number, number, number, number, number, number, number, number, number];

/** The projective transform that maps the four `from` corners onto the four `to` corners. */
export function homography(from: Quad, to: Quad): Homography {
  // 8 unknowns (h33 = 1): for each pair, x' (h31 x + h32 y + 1) = h11 x + h12 y + h13, likewise y'
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    const piv = A[c]![c]!;
    if (Math.abs(piv) < 1e-12) throw new Error("degenerate quadrilateral");
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / piv;
      for (let k = c; k <= 8; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  const h = A.map((row, i) => row[8]! / row[i]!);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

export function applyHomography(h: Homography, [x, y]: Point): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/** Signed area (shoelace); positive for clockwise corners in image coordinates (y down). */
export function quadArea(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i]!;
    const [x1, y1] = q[(i + 1) % 4]!;
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}

/** True when the four corners (TL, TR, BR, BL) form a convex quadrilateral in that order. */
export function isConvexQuad(q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const c = q[(i + 2) % 4]!;
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}
