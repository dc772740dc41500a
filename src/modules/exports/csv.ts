/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, quote or line break.
 *
 * Callers' words and names end up in these cells, so none may be read as a formula (OWASP's CSV
 * injection advice). A spreadsheet runs a cell as one when it starts with = + - @ (or their
 * full-width forms), perhaps after spaces, and some treat a cell that starts with a tab or a
 * carriage return the same way. Where cells start depends on the locale: a spreadsheet set to
 * semicolons (much of Europe) splits "a;=cmd" into two cells whatever the quotes say, and an
 * import by tabs or by lines splits at those. So every such start inside a cell is guarded too:
 * an apostrophe goes before the formula character, which spreadsheets read as "this is text".
 * Numbers are written as numbers, so a -5 never gets one.
 */
export type CsvValue = string | number | boolean | null;

const FORMULA = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
/** A cell's own start that a spreadsheet may run: a formula character after any spaces, or a tab or CR. */
const FORMULA_START = new RegExp(`^(?:\\s*${FORMULA}|[\\t\\r])`);
/** A cell start inside the text, in some locale or import: after ; or a tab or a line break. */
const FORMULA_INSIDE = new RegExp(`(?<=[\\s\\S])([;\\t\\r\\n]\\s*)(${FORMULA})`, 'g');

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  // Right before the formula character, so a line split at \r or at \n finds it either way.
  const inside = value.replace(FORMULA_INSIDE, "$1'$2");
  const text = FORMULA_START.test(inside) ? `'${inside}` : inside;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
