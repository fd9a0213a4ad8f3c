import { describe, expect, it } from 'vitest';
import { neutralise } from './spreadsheet.ts';

describe('neutralise (formula injection)', () => {
  it('quotes a formula at the start, or behind spaces, NBSP or zero-width characters', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(neutralise(text)).toBe(`'${text}`);
    for (const lead of ['  ', '\u00A0', '\u200B', '\u200D', '\u2060', '\uFEFF', ' \u00A0\u200B']) {
      expect(neutralise(`${lead}=HYPERLINK("x")`), JSON.stringify(lead)).toBe(`'${lead}=HYPERLINK("x")`);
    }
  });

  it('leaves ordinary text alone, including text with a sign inside it', () => {
    for (const text of ['Groceries', 'a=b', ' x = 1', '', '\u00A0Café', 'R$ -10'])
      expect(neutralise(text)).toBe(text);
  });
});
