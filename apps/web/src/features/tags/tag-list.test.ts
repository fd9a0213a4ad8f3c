import { describe, expect, it } from 'vitest';
import { filterTags, tagNameProblem } from './tag-list.ts';

const tags = [
  { id: 1, name: 'viagem', count: 2 },
  { id: 2, name: 'Férias 2026', count: 0 },
  { id: 3, name: 'reforma', count: 5 },
];

describe('tag list', () => {
  it('filters by a part of the name, ignoring case and accents, sorted by name', () => {
    expect(filterTags(tags, '', 'pt-BR').map((t) => t.id)).toEqual([2, 3, 1]);
    expect(filterTags(tags, 'ferias', 'pt-BR').map((t) => t.id)).toEqual([2]);
    expect(filterTags(tags, ' RE ', 'pt-BR').map((t) => t.id)).toEqual([3]);
    expect(filterTags(tags, 'zzz', 'pt-BR')).toEqual([]);
  });

  it('checks names as the API does, before sending', () => {
    expect(tagNameProblem('  ')).toBe('required');
    expect(tagNameProblem('a,b')).toBe('comma');
    expect(tagNameProblem('x'.repeat(51))).toBe('tooLong');
    expect(tagNameProblem(` ${'x'.repeat(50)} `)).toBeNull();
    expect(tagNameProblem('trip-2026')).toBeNull();
  });
});
