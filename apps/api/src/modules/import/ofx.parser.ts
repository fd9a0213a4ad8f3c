import { parseImportAmount, parseOfxDate } from '@centavo/shared';
import { Parser } from 'htmlparser2';
import { type ParsedFile, type RawRow, unreadable } from './parsed.ts';

/**
 * OFX 1.x (SGML: leaf tags are never closed, `<TRNAMT>-12,50`) and 2.x (XML) through one tokenizer,
 * htmlparser2 in XML mode: a statement's transactions are the <STMTTRN> aggregates, each a flat list of leaf
 * tags, so a leaf's text is whatever follows its opening tag, closed or not. Dates and amounts are ours:
 * calendar dates from the first eight digits, comma decimals read right (DESIGN.md §8).
 *
 * Why not an OFX library: ofx-js 1.1 turns SGML into XML with a regular expression that backtracks
 * exponentially on each tag (12 s for 30 000 rows here), and ofx-data-extractor 1.5 found no transaction in
 * a plain SGML statement (docs/decisions/import.md).
 */

const LEAVES = new Set([
  'TRNTYPE',
  'DTPOSTED',
  'DTUSER',
  'TRNAMT',
  'FITID',
  'CHECKNUM',
  'REFNUM',
  'NAME',
  'MEMO',
]);

interface Open {
  line: number;
  fields: Record<string, string>;
}

export function parseOfx(text: string, digits: number): ParsedFile {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw unreadable('importOfxBroken', 1);
  // Lines are counted as the tokenizer advances: events come in file order.
  let counted = 0;
  let line = 1 + countNewlines(text, 0, start);
  const lineAt = (index: number) => {
    line += countNewlines(text, start + counted, start + index);
    counted = index;
    return line;
  };
  const rows: RawRow[] = [];
  let open: Open | null = null;
  let leaf: string | null = null;
  let sawList = false;
  let org: string | null = null;
  let bankId: string | null = null;
  let topLeaf: string | null = null;
  const parser = new Parser(
    {
      onopentag(rawName) {
        const name = rawName.toUpperCase();
        if (name === 'STMTTRN') {
          const at = lineAt(parser.startIndex);
          if (open) throw unreadable('importOfxTag', open.line);
          open = { line: at, fields: {} };
          leaf = null;
          return;
        }
        if (name === 'BANKTRANLIST') sawList = true;
        leaf = open && LEAVES.has(name) ? name : null;
        // A leaf present but empty (<FITID></FITID>, or <FITID> then the next tag) is there, with ''.
        if (open && leaf) open.fields[leaf] ??= '';
        topLeaf = !open && (name === 'ORG' || name === 'BANKID') ? name : null;
      },
      ontext(chunk) {
        if (open && leaf) open.fields[leaf] = (open.fields[leaf] ?? '') + chunk;
        else if (topLeaf === 'ORG') org = (org ?? '') + chunk;
        else if (topLeaf === 'BANKID') bankId = (bankId ?? '') + chunk;
      },
      onclosetag(rawName, implied) {
        const name = rawName.toUpperCase();
        // A transaction closed only because the file (or its statement) ended: the file is cut there.
        if (name === 'STMTTRN' && open && implied) throw unreadable('importOfxTag', open.line);
        if (name === 'STMTTRN' && open) {
          rows.push(toRow(open, digits));
          open = null;
        }
        leaf = null;
        topLeaf = null;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(text.slice(start));
  parser.end();
  // An aggregate still open at the end: the file is cut.
  const unclosed = open as Open | null;
  if (unclosed) throw unreadable('importOfxTag', unclosed.line);
  if (!sawList && rows.length === 0) throw unreadable('importOfxBroken', lineAt(text.length - start));
  const orgName = (org as string | null)?.trim() || null;
  const code = (bankId as string | null)?.trim() || null;
  return { format: 'ofx', preset: null, bank: orgName, bankCode: code, rows };
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

function toRow(open: Open, digits: number): RawRow {
  const f = Object.fromEntries(Object.entries(open.fields).map(([k, v]) => [k, v.trim()]));
  const parts = [f.NAME, f.MEMO].filter((p): p is string => !!p);
  // NAME is the payee, MEMO the bank's text: both when they say different things.
  const description = [...new Set(parts)].join(' - ').slice(0, 255);
  const amountText = f.TRNAMT ?? '';
  const amount = parseImportAmount(
    amountText,
    digits,
    /,/.test(amountText) && !/\./.test(amountText) ? ',' : '.',
  );
  const date = parseOfxDate(f.DTPOSTED ?? f.DTUSER ?? '');
  const row: RawRow = {
    line: open.line,
    date,
    amount,
    description,
    externalId: f.FITID ? f.FITID : null,
  };
  // An empty FITID marks a balance line in some banks' files ("Saldo Anterior"), as do their descriptions.
  if (f.FITID === '') row.skip = 'noId';
  else if (!date) row.skip = 'date';
  else if (amount === null) row.skip = 'amount';
  return row;
}
