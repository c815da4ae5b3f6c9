import type { Point } from "../types.ts";

/** Step `orient` (the detection and direction classifier run in the pipeline): mapping points back through the turn. */

/** Clockwise quarter turns applied to a photo to make its text upright. */
export type Turn = 0 | 90 | 180 | 270;

/** Maps a point of the turned image back into the image before the turn (width W, height H). */
export function unturnPoint(turn: Turn, W: number, H: number): (p: Point) => Point {
  if (turn === 90) return ([x, y]) => [y, H - x];
  if (turn === 180) return ([x, y]) => [W - x, H - y];
  if (turn === 270) return ([x, y]) => [W - y, x];
  return (p) => p;
}
