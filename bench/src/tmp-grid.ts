import { readFile } from "node:fs/promises";
import path from "node:path";
import { EmbeddedPipeline } from "/work/main/packages/ocr/src/pipeline.ts";
import { score } from "/work/main/bench/src/ocr/cer.ts";
const dir = process.env.DIR ?? "/tmp/ocr-synth2";
const m = JSON.parse(await readFile(`${dir}/manifest.json`, "utf8"));
const p = await EmbeddedPipeline.load();
for (const grid of [false, true]) {
  let e = 0, n = 0;
  for (const s of m) {
    if (process.env.ONLY && !s.id.includes(process.env.ONLY)) continue;
    const t0 = performance.now();
    const r = await p.recognize(await readFile(path.join(dir, s.image)), { languageHint: s.language, steps: { grid } });
    const sc = score(r.text, await readFile(path.join(dir, s.text), "utf8"), s.language.slice(0, 2));
    e += sc.edits; n += sc.refChars;
    console.log(grid, s.id, (sc.edits / sc.refChars).toFixed(3), Math.round(performance.now() - t0), "ms", process.env.SHOW ? r.text : "");
  }
  console.log("grid", grid, (e / n).toFixed(4));
}
