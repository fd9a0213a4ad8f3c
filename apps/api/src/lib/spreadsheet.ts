/**
 * What a spreadsheet may skip before it reads a formula: spaces, NBSP and other Unicode spaces, and
 * zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM). `  =1+1` and `\u200B=1+1` are formulas too.
 */
const INVISIBLE_LEAD = /^[\s\u00A0\u1680\u2000-\u200F\u2028-\u202F\u205F-\u2064\u3000\uFEFF]*/u;

/**
 * Spreadsheet formula injection (QUALITY.md): a text cell starting with = + - @, tab or CR — after any
 * leading spaces or invisible characters — is prefixed with a single quote so Excel/LibreOffice show it as
 * text. Amounts are written as numbers and never touched.
 */
export function neutralise(text: string): string {
  if (/^[=+\-@\t\r]/.test(text)) return `'${text}`;
  const rest = text.replace(INVISIBLE_LEAD, '');
  return rest !== text && /^[=+\-@\t\r]/.test(rest) ? `'${text}` : text;
}
