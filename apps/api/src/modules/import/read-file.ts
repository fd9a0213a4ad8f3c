import type { ImportFormat, ImportMapping } from '@centavo/shared';
import { readCsv } from './csv.parser.ts';
import { type Decoded, decodeBytes } from './decode.ts';
import { parseOfx } from './ofx.parser.ts';
import { type ParsedFile, unreadable } from './parsed.ts';
import { parseQif } from './qif.parser.ts';
import { mappedFile, presetFile, type TableLine } from './table.ts';
import { readXlsx } from './xlsx.parser.ts';

/** A file read: parsed rows, or a table waiting for its column mapping. */
export type FileReading =
  | { kind: 'rows'; file: ParsedFile; encoding: Decoded['encoding']; source: Decoded['source'] }
  | {
      kind: 'table';
      format: 'csv' | 'xlsx';
      lines: TableLine[];
      encoding: Decoded['encoding'];
      source: Decoded['source'];
    };

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The format a file is in: what the request says, else its first bytes and text, else its name. */
export function detectFormat(bytes: Uint8Array, text: string | null, name: string): ImportFormat | null {
  if (ZIP.every((b, i) => bytes[i] === b)) return 'xlsx';
  const head = (text ?? '')
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<OFX>/i.test(head) || /^<\?xml[^>]*>\s*<\?OFX/i.test(head))
    return 'ofx';
  if (/^!(type|account|option)/i.test(head)) return 'qif';
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'ofx' || extension === 'qfx') return 'ofx';
  if (extension === 'qif') return 'qif';
  // A table: a delimiter on most of the first lines (some banks put a title line or two above the header).
  const first = head
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 8);
  if (first.length > 0 && first.filter((l) => /[;,\t]/.test(l)).length * 2 > first.length) return 'csv';
  return null;
}

/**
 * Decodes (decode.ts), recognises and parses a file. CSV and XLSX go through a preset when their header is
 * one, else through `mapping` when given; otherwise the table comes back for the mapping step.
 */
export async function readImportFile(
  bytes: Uint8Array,
  name: string,
  asked: ImportFormat | undefined,
  mapping: ImportMapping | undefined,
  digits: number,
): Promise<FileReading> {
  const isZip = ZIP.every((b, i) => bytes[i] === b);
  const decoded: Decoded = isZip ? { text: '', encoding: 'binary', source: 'detected' } : decodeBytes(bytes);
  const format = asked ?? detectFormat(bytes, decoded.text, name);
  if (!format) throw unreadable('importFormatUnknown');
  if (format === 'xlsx' && !isZip) throw unreadable('importXlsxBroken');
  const { encoding, source } = decoded;
  if (format === 'ofx') return { kind: 'rows', file: parseOfx(decoded.text, digits), encoding, source };
  if (format === 'qif') return { kind: 'rows', file: parseQif(decoded.text, digits), encoding, source };
  const lines = format === 'xlsx' ? await readXlsx(bytes) : readCsv(decoded.text);
  if (lines.length === 0) throw unreadable('importEmpty');
  if (mapping) return { kind: 'rows', file: mappedFile(format, lines, mapping, digits), encoding, source };
  const preset = presetFile(format, lines, digits);
  if (preset) return { kind: 'rows', file: preset, encoding, source };
  return { kind: 'table', format, lines, encoding, source };
}
