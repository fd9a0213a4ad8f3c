import { describe, expect, it } from 'vitest';
import { foldText, matchesSearch } from './text.ts';

describe('text folding (issue 13 #9 #10 #17)', () => {
  it('ignores accents, case and extra spaces', () => {
    expect(foldText('  Itaú  Unibanco ')).toBe('itau unibanco');
    expect(foldText('Alimentação')).toBe(foldText('alimentacao'));
    expect(matchesSearch('Itaú Unibanco S.A.', 'itau')).toBe(true);
    expect(matchesSearch('Dólar americano', 'DOLAR')).toBe(true);
    expect(matchesSearch('Alemanha', 'brasil')).toBe(false);
  });
});
