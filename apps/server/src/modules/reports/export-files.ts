import writeXlsxFile from "write-excel-file/node";
import type { ExportCell, ExportTable } from "./export-table.ts";

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe: a
 * student name typed as `=HYPERLINK(…)` stays a name in the teacher's Excel.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(cell: ExportCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = neutraliseFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 with a byte-order mark, so Excel opens the Chinese names as UTF-8. */
export function toCsv(table: ExportTable): string {
  const lines = [table.header, ...table.rows].map((row) => row.map(csvField).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** One sheet, bold header row kept in view, numbers as numbers. */
export async function toXlsx(table: ExportTable, sheet: string): Promise<Buffer> {
  const header = table.header.map((value) => ({ value, fontWeight: "bold" as const }));
  const rows = table.rows.map((row) =>
    row.map((cell) =>
      cell === null
        ? null
        : typeof cell === "number"
          ? { value: cell, type: Number }
          : { value: neutraliseFormula(cell), type: String },
    ),
  );
  const widths = table.header.map((h, i) =>
    Math.min(40, Math.max(h.length * 2, ...table.rows.slice(0, 200).map((r) => String(r[i] ?? "").length + 2), 8)),
  );
  return writeXlsxFile([header, ...rows], {
    sheet,
    stickyRowsCount: 1,
    columns: widths.map((width) => ({ width })),
  }).toBuffer();
}
