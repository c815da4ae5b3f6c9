import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createOcrEngine, type OcrEngine, type OcrLine } from "@essay/ocr";

export interface PageReading {
  text: string;
  lines: OcrLine[];
}

/** Hash of the OCR package's sources: readings cached under it are redone whenever the engine changes. */
async function engineKey(): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve("@essay/ocr"));
  const h = createHash("sha1");
  for (const f of (await readdir(dir, { recursive: true })).map(String).sort()) {
    if (!/\.(ts|mjs|js|json)$/.test(f)) continue;
    h.update(f);
    h.update(await readFile(path.join(dir, f)));
  }
  return h.digest("hex").slice(0, 16);
}

/**
 * Reads page photos with the embedded engine, each page alone, caching each reading under `cacheDir` keyed by the
 * engine's sources and the photo's bytes (the engine is improved in parallel; a changed engine is read afresh).
 */
export class PageReader {
  private engine: OcrEngine | null = null;
  private key: Promise<string>;
  readonly stats = { cached: 0, read: 0 };

  constructor(private readonly cacheDir: string) {
    this.key = engineKey();
  }

  async read(file: string, languageHint: string): Promise<PageReading> {
    const bytes = await readFile(file);
    const id = createHash("sha1").update(bytes).update(languageHint).digest("hex").slice(0, 20);
    const dir = path.join(this.cacheDir, await this.key);
    const cached = path.join(dir, `${id}.json`);
    try {
      const hit = JSON.parse(await readFile(cached, "utf8")) as PageReading;
      this.stats.cached++;
      return hit;
    } catch {
      // not cached yet
    }
    this.engine ??= createOcrEngine({ provider: "embedded", timeoutMs: 300_000 });
    const r = await this.engine.recognize(bytes, { languageHint });
    const reading = { text: r.text, lines: r.lines };
    await mkdir(dir, { recursive: true });
    await writeFile(cached, JSON.stringify(reading));
    this.stats.read++;
    return reading;
  }

  async close(): Promise<void> {
    await this.engine?.close();
  }
}
