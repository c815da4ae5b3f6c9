/** Polyline points of scores 0–40 in a `width` × `height` box, left to right, evenly spaced (one point: centred). */
export function trendPoints(scores: readonly number[], width: number, height: number, pad = 4): [number, number][] {
  const inner = { w: width - 2 * pad, h: height - 2 * pad };
  const y = (s: number) => pad + inner.h * (1 - Math.max(0, Math.min(40, s)) / 40);
  if (scores.length === 1) return [[width / 2, y(scores[0] ?? 0)]];
  return scores.map((s, i) => [pad + (inner.w * i) / (scores.length - 1), y(s)]);
}
