/**
 * Spreadsheet formula injection (QUALITY.md): a text cell starting with = + - @, tab or CR is prefixed with
 * a single quote so Excel/LibreOffice show it as text. Amounts are written as numbers and never touched.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
