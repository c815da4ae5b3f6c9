import fs from "node:fs";
import { createOcrEngine } from "@essay/ocr";

/** Reads the printed text of an exported report with the product's own OCR engine (spaces removed). */
export async function readTextInImage(file: string): Promise<string> {
  const engine = createOcrEngine({ provider: "embedded" });
  try {
    const result = await engine.recognize(new Uint8Array(fs.readFileSync(file)), {});
    return result.text.replace(/\s/g, "");
  } finally {
    await engine.close();
  }
}
