import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * A file's bytes as text (DESIGN.md §8): the BOM; else strict UTF-8; else the charset the file declares (an
 * OFX header's CHARSET/ENCODING, an XML declaration), unless it declares UTF-8 — Brazilian banks write
 * cp1252 while declaring UTF-8, which strict UTF-8 has just refuted; else detection (chardet). Decoding is
 * iconv-lite's; latin1 labels read as windows-1252, its superset (as browsers do).
 */
export interface Decoded {
  text: string;
  encoding: string;
  source: 'bom' | 'utf-8' | 'declared' | 'detected';
}

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** Charset names as files write them, to the names iconv-lite knows. */
function normaliseCharset(name: string): string | null {
  const n = name
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (/^(utf-?8|unicode)$/.test(n)) return 'utf-8';
  if (/^(us-?ascii|ascii|none)$/.test(n)) return null;
  if (/^(cp|windows-?)?1252$/.test(n)) return 'windows-1252';
  if (/^(iso-?8859-?1|latin-?1|l1)$/.test(n)) return 'windows-1252';
  return iconv.encodingExists(n) ? n : null;
}

/** The charset a file declares in its first kilobytes, if any. */
export function declaredCharset(head: string): string | null {
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml?.[1]) return normaliseCharset(xml[1]);
  // OFX 1.x: CHARSET:1252 names the code page; ENCODING:UTF-8 the encoding itself.
  const encoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1];
  if (encoding && /utf-?8|unicode/i.test(encoding)) return 'utf-8';
  const charset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1];
  return charset ? normaliseCharset(charset) : null;
}

export function decodeBytes(bytes: Uint8Array): Decoded {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [mark, encoding] of BOMS) {
    if (mark.every((b, i) => buffer[i] === b)) {
      return { text: iconv.decode(buffer.subarray(mark.length), encoding), encoding, source: 'bom' };
    }
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(buffer),
      encoding: 'utf-8',
      source: 'utf-8',
    };
  } catch {
    // Not UTF-8 whatever it says: a declaration or detection decides.
  }
  const declared = declaredCharset(buffer.subarray(0, 4096).toString('latin1'));
  if (declared && declared !== 'utf-8') {
    return { text: iconv.decode(buffer, declared), encoding: declared, source: 'declared' };
  }
  const guess = chardet.detect(buffer);
  const detected = (guess && normaliseCharset(guess)) ?? 'windows-1252';
  // A guess of UTF-8 for bytes strict UTF-8 refused is wrong: the Brazilian banks' cp1252 it is.
  const encoding = detected === 'utf-8' ? 'windows-1252' : detected;
  return { text: iconv.decode(buffer, encoding), encoding, source: 'detected' };
}
