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
