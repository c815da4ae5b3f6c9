import type { DetBox } from "../detect.ts";

/**
 * Step `deskew`: the dominant text angle from the detected boxes. Every box is cropped along its own angle anyway,
 * so only the layout needs straight lines: the box corners are rotated by this angle for grouping.
 */
/** Median angle of wide boxes (text-line direction), radians. */
export function dominantAngle(boxes: DetBox[]): number {
  const angles = boxes.filter((b) => b.rect.w > 3 * b.rect.h).map((b) => b.rect.angle);
  if (angles.length < 3) return 0;
  angles.sort((a, b) => a - b);
  return angles[Math.floor(angles.length / 2)]!;
}
