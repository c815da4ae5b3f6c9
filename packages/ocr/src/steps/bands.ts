/**
 * Tall images and strips (several page photos stacked, a long strip of one page): the detector sees its input at
 * most `detMaxSide` pixels long, so a 750 × 5000 image would shrink its characters below what it can find. Such an
 * image is detected in overlapping horizontal bands about as tall as it is wide, each at the detector's full
 * resolution; a box is kept from the band whose core (the band less half the overlap at each inner edge) holds its
 * centre, so a line cut by one band's edge is taken whole from the next.
 */
export interface Band {
  /** Rows of the image the band covers: [y0, y1). */
  y0: number;
  y1: number;
  /** Rows whose boxes this band keeps: [core0, core1). */
  core0: number;
  core1: number;
}

/** Aspect ratio (height / width) above which an image is read in bands. */
export const BAND_ASPECT = 2;

export function bandsFor(width: number, height: number, aspect = BAND_ASPECT): Band[] {
  if (height <= aspect * width) return [{ y0: 0, y1: height, core0: 0, core1: height }];
  const size = Math.round(1.4 * width);
  const overlap = Math.round(0.3 * size);
  const n = Math.ceil((height - overlap) / (size - overlap));
  const stride = (height - size) / (n - 1);
  const bands: Band[] = [];
  for (let k = 0; k < n; k++) {
    const y0 = Math.round(k * stride);
    const y1 = k === n - 1 ? height : Math.min(height, y0 + size);
    bands.push({ y0, y1, core0: 0, core1: height });
  }
  for (let k = 1; k < n; k++) {
    const cut = Math.round((bands[k - 1]!.y1 + bands[k]!.y0) / 2);
    bands[k - 1]!.core1 = cut;
    bands[k]!.core0 = cut;
  }
  return bands;
}

/** Whether a box (its vertical centre, in image rows) belongs to the band. */
export function inCore(band: Band, centreY: number): boolean {
  return centreY >= band.core0 && centreY < band.core1;
}
