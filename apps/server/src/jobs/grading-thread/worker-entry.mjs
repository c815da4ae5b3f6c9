// Worker bootstrap: registers the tsx loader so the TypeScript worker runs the same under `node --import tsx`,
// vitest, or a plain node host (as @essay/ocr's worker does).
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
