import { readFile } from "node:fs/promises";
import path from "node:path";

export interface PagedEssay {
  id: string;
  pages: { name: string; bytes: Buffer }[];
}

/** The essays of a classroom manifest (`page_images` in reading order) with exactly `pages` page photos. */
export async function pagedEssays(dir: string, pages: number): Promise<PagedEssay[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as {
    id: string;
    page_images: string[];
  }[];
  const out: PagedEssay[] = [];
  for (const essay of manifest.filter((e) => e.page_images.length === pages)) {
    out.push({
      id: essay.id,
      pages: await Promise.all(
        essay.page_images.map(async (p) => ({ name: path.basename(p), bytes: await readFile(path.join(dir, p)) })),
      ),
    });
  }
  if (out.length === 0) throw new Error(`no essay with ${pages} page photos in ${dir}/manifest.json`);
  return out;
}
