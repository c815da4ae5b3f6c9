/** Spec §7: 800 px wide, scale 2, white background, PNG. */
export const REPORT_WIDTH = 800;
export const REPORT_PIXEL_RATIO = 2;

/** File names keep letters of any script; characters file systems reject become "_". */
export function reportFileName(title: string, studentName: string, studentId: string): string {
  return `${[title, studentName, studentId].join("_").replace(/[\\/:*?"<>|\s]+/g, "_")}.png`;
}

export async function exportReportPng(node: HTMLElement, fileName: string): Promise<void> {
  try {
    // loaded on the first export: most visits never export, and the first page should not wait for it
    const [{ toPng }] = await Promise.all([import("html-to-image"), document.fonts?.ready]);
    const dataUrl = await toPng(node, {
      width: REPORT_WIDTH,
      pixelRatio: REPORT_PIXEL_RATIO,
      backgroundColor: "#ffffff",
      cacheBust: true,
      // The preview centres the report with auto margins; the clone must start at the image's left edge.
      style: { margin: "0" },
    });
    const link = document.createElement("a");
    link.href = dataUrl;
    link.download = fileName;
    link.click();
  } catch (error) {
    // Spec §8: logged and rethrown; no user message.
    console.error("report export failed", error);
    throw error;
  }
}
