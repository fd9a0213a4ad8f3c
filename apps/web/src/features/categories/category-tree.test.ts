import type { Category } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import {
  categoryCreateBody,
  categoryFormValues,
  categoryUpdateBody,
  readCategoryType,
  replacementCandidates,
  splitCategories,
} from './category-tree.ts';
import { categoryIcon, isCategoryIconName } from './icons.ts';

function category(partial: Partial<Category> & Pick<Category, 'id' | 'name' | 'type'>): Category {
  return { color: null, icon: null, system: false, hidden: false, subcategories: [], ...partial };
}

const tree = [
  category({ id: 1, name: 'Transfers', type: 'transfer', system: true }),
  category({ id: 2, name: 'Housing', type: 'expense', system: true }),
  category({ id: 3, name: 'Food', type: 'expense', system: true }),
  category({ id: 4, name: 'Salary', type: 'income', system: true }),
  category({ id: 50, name: 'Gym', type: 'expense' }),
  category({ id: 51, name: 'Art', type: 'expense' }),
  category({ id: 52, name: 'Gigs', type: 'income' }),
];

describe('category tabs', () => {
  it('reads the type from the URL, expenses by default', () => {
    expect(readCategoryType(new URLSearchParams())).toBe('expense');
    expect(readCategoryType(new URLSearchParams('type=income'))).toBe('income');
    expect(readCategoryType(new URLSearchParams('type=investment'))).toBe('investment');
    // Transfers are the system's, not a tab.
    expect(readCategoryType(new URLSearchParams('type=transfer'))).toBe('expense');
  });

  it('splits own and system categories of one type, sorted by name', () => {
    const { own, system } = splitCategories(tree, 'expense');
    expect(own.map((c) => c.name)).toEqual(['Art', 'Gym']);
    expect(system.map((c) => c.name)).toEqual(['Food', 'Housing']);
  });

  it('offers replacements of the same type only, never the deleted one', () => {
    const gym = tree.find((c) => c.id === 50);
    if (!gym) throw new Error('fixture');
    expect(replacementCandidates(tree, gym).map((c) => c.id)).toEqual([51, 3, 2]);
  });
});

describe('category form', () => {
  it('starts on the tab being viewed', () => {
    expect(categoryFormValues(null, 'income')).toEqual({ name: '', type: 'income', color: '', icon: '' });
  });

  it('builds the create body with nulls for no colour or icon', () => {
    expect(categoryCreateBody({ name: ' Gym ', type: 'expense', color: '', icon: '' })).toEqual({
      name: 'Gym',
      type: 'expense',
      color: null,
      icon: null,
    });
    expect(
      categoryCreateBody({ name: 'Gym', type: 'expense', color: '#5F3DC4', icon: 'barbell' }),
    ).toMatchObject({
      color: '#5f3dc4',
      icon: 'barbell',
    });
  });

  it('sends only changed fields on edit, so an unchanged type cannot trip the in-use 409', () => {
    const gym = category({ id: 50, name: 'Gym', type: 'expense', color: '#5f3dc4', icon: 'barbell' });
    const values = categoryFormValues(gym, 'expense');
    expect(categoryUpdateBody(values, gym)).toEqual({});
    expect(categoryUpdateBody({ ...values, name: 'Fitness' }, gym)).toEqual({ name: 'Fitness' });
    expect(categoryUpdateBody({ ...values, type: 'income', icon: '' }, gym)).toEqual({
      type: 'income',
      icon: null,
    });
  });

  it('maps stored icon names, with a fallback for unknown ones', () => {
    expect(isCategoryIconName('tools-kitchen-2')).toBe(true);
    expect(isCategoryIconName('toString')).toBe(false);
    expect(categoryIcon('nope')).toBe(categoryIcon(null));
  });
});
