/**
 * Rows of cells as aligned text: each column but the last padded to its widest cell and two spaces,
 * so no cell runs into the next however long it is (a webhook's 36-character event id).
 *
 * @param rows - The rows, each a list of cells.
 * @param indent - What each line starts with. Default two spaces.
 * @returns One line per row, without trailing spaces.
 * @example
 * alignColumns([["evt_1", "delivered"], ["evt_12", "failed"]]) // ["  evt_1   delivered", "  evt_12  failed"]
 */
export function alignColumns(rows: readonly (readonly string[])[], indent = "  "): string[] {
  const widths: number[] = [];
  for (const row of rows)
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  return rows.map((row) =>
    `${indent}${row.map((cell, i) => (i < row.length - 1 ? cell.padEnd((widths[i] ?? 0) + 2) : cell)).join("")}`.trimEnd(),
  );
}
