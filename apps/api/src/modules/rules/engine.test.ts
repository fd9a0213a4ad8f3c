import type { RuleCondition } from '@centavo/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compilePattern,
  compileRules,
  type RuleSubject,
  type RunnableRule,
  requiredLiterals,
} from './engine.ts';

/** The engine alone (no database): every operator on every field, accents and case, priority per action. */

const subject = (over: Partial<RuleSubject> = {}): RuleSubject => ({
  description: 'PADARÍA Pão de Açúcar 123',
  value: 1500,
  account_id: 7,
  card_id: null,
  operation_id: 2,
  ...over,
});

const matches = (condition: RuleCondition, s: RuleSubject = subject()) =>
  compileRules([{ id: 1, match: 'all', conditions: [condition], actions: {}, categoryType: null }]).matches(
    s,
  );

// [field, op, value, subject overrides, expected]
const TABLE: Array<
  [RuleCondition['field'], RuleCondition['op'], RuleCondition['value'], Partial<RuleSubject>, boolean]
> = [
  ['description', 'contains', 'padaria', {}, true],
  ['description', 'contains', 'ACUCAR', {}, true],
  ['description', 'contains', 'pão de açúcar', {}, true],
  ['description', 'contains', 'mercado', {}, false],
  ['description', 'is', 'padaria pao de acucar 123', {}, true],
  ['description', 'is', 'padaria', {}, false],
  ['description', 'starts_with', 'Padaría', {}, true],
  ['description', 'starts_with', 'pao', {}, false],
  ['description', 'ends_with', 'ACÚCAR 123', {}, true],
  ['description', 'ends_with', 'padaria', {}, false],
  ['description', 'matches', '^padaria .* \\d+$', {}, true],
  ['description', 'matches', 'PÃO\\s+DE', {}, true],
  ['description', 'matches', '^uber', {}, false],
  ['description', 'one_of', ['Uber', 'padaria pão de açúcar 123'], {}, true],
  ['description', 'one_of', ['Uber', 'padaria'], {}, false],
  ['value', 'is', 1500, {}, true],
  ['value', 'is', 1501, {}, false],
  ['value', 'gt', 1499, {}, true],
  ['value', 'gt', 1500, {}, false],
  ['value', 'lt', 1501, {}, true],
  ['value', 'lt', 1500, {}, false],
  ['value', 'between', [1500, 2000], {}, true],
  ['value', 'between', [1000, 1500], {}, true],
  ['value', 'between', [1501, 2000], {}, false],
  ['value', 'one_of', [10, 1500], {}, true],
  ['value', 'one_of', [10, 20], {}, false],
  ['value', 'gt', 0, { value: null }, false],
  ['account_id', 'is', 7, {}, true],
  ['account_id', 'is', 8, {}, false],
  ['account_id', 'one_of', [8, 7], {}, true],
  ['account_id', 'is', 7, { account_id: null, card_id: 7 }, false],
  ['card_id', 'is', 3, { account_id: null, card_id: 3 }, true],
  ['card_id', 'one_of', [4, 5], { account_id: null, card_id: 3 }, false],
  ['card_id', 'is', 3, {}, false],
  ['operation_id', 'is', 2, {}, true],
  ['operation_id', 'is', 1, {}, false],
  ['operation_id', 'one_of', [1, 2], {}, true],
];

describe('each operator on each field', () => {
  it.each(TABLE)('%s %s %j (%j) → %s', (field, op, value, over, expected) => {
    expect(matches({ field, op, value } as RuleCondition, subject(over))).toBe(expected);
  });
});

describe('matching all or any', () => {
  const conditions: RuleCondition[] = [
    { field: 'description', op: 'contains', value: 'padaria' },
    { field: 'value', op: 'gt', value: 100_000 },
  ];
  const run = (match: 'all' | 'any') =>
    compileRules([{ id: 1, match, conditions, actions: {}, categoryType: null }]).matches(subject());
  it('all needs every condition, any one of them', () => {
    expect(run('all')).toBe(false);
    expect(run('any')).toBe(true);
  });
});

describe('a catastrophic pattern', () => {
  it('^(a+)+$ on 40 a’s and a ! answers (linear-time engine, no backtracking)', () => {
    const hostile = `${'a'.repeat(40)}!`;
    expect(
      matches({ field: 'description', op: 'matches', value: '^(a+)+$' }, subject({ description: hostile })),
    ).toBe(false);
    expect(
      matches(
        { field: 'description', op: 'matches', value: '(x+x+)+y' },
        subject({ description: 'x'.repeat(5000) }),
      ),
    ).toBe(false);
  });
});

describe('priority: the first match wins per action', () => {
  const rule = (
    id: number,
    actions: RunnableRule['actions'],
    categoryType: string | null = null,
  ): RunnableRule => ({
    id,
    match: 'all',
    conditions: [{ field: 'description', op: 'contains', value: 'padaria' }],
    actions,
    categoryType,
  });
  it('each action from the first rule that sets it', () => {
    const rules = compileRules([
      rule(10, { description: 'Bakery' }),
      rule(11, { category_id: 3, sub_category_id: 5, description: 'Ignored' }, 'expense'),
      rule(12, { category_id: 4, tags: [9] }, 'expense'),
      rule(13, { tags: [8] }),
    ]);
    expect(rules.decide(subject())).toEqual({
      description: { value: 'Bakery', rule_id: 10 },
      category: { category_id: 3, sub_category_id: 5, rule_id: 11 },
      tags: { ids: [9], rule_id: 12 },
    });
  });
  it('a category that does not fit the operation is passed over for the next rule', () => {
    const rules = compileRules([
      rule(1, { category_id: 14 }, 'income'),
      rule(2, { category_id: 3 }, 'expense'),
    ]);
    expect(rules.decide(subject())?.category?.rule_id).toBe(2);
    expect(rules.decide(subject({ operation_id: 1 }))?.category?.rule_id).toBe(1);
    // An operation set by a rule decides which category fits.
    const flip = compileRules([
      rule(1, { operation_id: 1 }),
      rule(2, { category_id: 3 }, 'expense'),
      rule(3, { category_id: 14 }, 'income'),
    ]);
    expect(flip.decide(subject())).toMatchObject({ operation_id: { value: 1 }, category: { rule_id: 3 } });
  });
  it('nothing matched: no decision', () => {
    expect(
      compileRules([rule(1, { category_id: 3 }, 'expense')]).decide(subject({ description: 'Uber' })),
    ).toBeNull();
  });
});

describe('the literal prefilter of `matches`', () => {
  it('finds only what every match contains', () => {
    expect(requiredLiterals('uber.*trip')).toEqual([['uber'], ['trip']]);
    expect(requiredLiterals('^padaria \\d+$')).toEqual([['padaria ']]);
    expect(requiredLiterals('colou?r')).toEqual([['colo']]);
    expect(requiredLiterals('ab+c')).toEqual([['ab']]);
    expect(requiredLiterals('(x|y)zz[0-9]ww')).toEqual([['zz'], ['ww']]);
    expect(requiredLiterals('uber|99')).toEqual([]);
    expect(requiredLiterals('a{2}bc')).toEqual([['bc']]);
    expect(requiredLiterals('^(Uber|99 Pop)\\b.*')).toEqual([['uber', '99 pop']]);
    expect(requiredLiterals('(?:uber|cabify)?trip')).toEqual([['trip']]);
    expect(requiredLiterals('(ab|c)de')).toEqual([['de']]);
  });

  it('never changes an answer: prefilter and RE2 together answer as RE2 alone (fast-check)', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      'ab',
      'K',
      'ſ',
      's',
      ' ',
      '.',
      '*',
      '+',
      '?',
      '|',
      '(',
      ')',
      '[ab]',
      '\\d',
      '^',
      '$',
      '{2}',
      'Á',
    );
    const pattern = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(''));
    const text = fc
      .array(fc.constantFrom('a', 'b', 'A', 'B', 'k', 'K', 's', 'S', 'ſ', ' ', '1', 'á'), { maxLength: 12 })
      .map((t) => t.join(''));
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        let re: ReturnType<typeof compilePattern>;
        try {
          re = compilePattern(p);
        } catch {
          return true;
        }
        const alone = re.test(t.normalize('NFD').replace(/\p{M}/gu, ''));
        expect(matches({ field: 'description', op: 'matches', value: p }, subject({ description: t }))).toBe(
          alone,
        );
        return true;
      }),
      { numRuns: 3000 },
    );
  });
});
