import type { Rule } from '@centavo/shared';
import { ruleBodySchema } from '@centavo/shared/contracts/rules';
import { describe, expect, it } from 'vitest';
import { offeredRule } from '../../lib/rule-offer.tsx';
import { emptyRuleValues, ruleBody, ruleFormValues, withField } from './rule-form.ts';

const rule: Rule = {
  id: 7,
  name: 'Rides',
  match: 'any',
  conditions: [
    { field: 'description', op: 'matches', value: 'uber.*trip' },
    { field: 'description', op: 'one_of', value: ['99', 'Cabify'] },
    { field: 'value', op: 'between', value: [1000, 5050] },
    { field: 'account_id', op: 'one_of', value: [3, 4] },
    { field: 'card_id', op: 'is', value: 2 },
  ],
  actions: { category_id: 5, sub_category_id: 12, description: 'Ride', operation_id: 2, tags: [9] },
  priority: 3,
  enabled: false,
  on_create: true,
  match_count: 4,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

describe('rule form', () => {
  it('a rule read into the form makes the same body back (amounts through their typed text)', () => {
    const body = ruleBody(ruleFormValues(rule, 2), 2);
    expect(body).toEqual({
      name: 'Rides',
      match: 'any',
      conditions: rule.conditions,
      actions: rule.actions,
      enabled: false,
      on_create: true,
    });
    expect(ruleBodySchema.safeParse(body).success).toBe(true);
  });

  it('an empty form is refused by the contract until it has a condition value and an action', () => {
    const values = emptyRuleValues();
    expect(ruleBodySchema.safeParse(ruleBody(values, 2)).success).toBe(false);
    const filled = {
      ...values,
      name: 'Bakery',
      conditions: [{ ...values.conditions[0], text: 'padaria' }] as typeof values.conditions,
      category_id: '3',
    };
    expect(ruleBodySchema.safeParse(ruleBody(filled, 2)).success).toBe(true);
  });

  it('changing the field keeps an operator it also takes, else takes its first', () => {
    const base = emptyRuleValues().conditions[0];
    if (!base) throw new Error('no condition');
    expect(withField({ ...base, op: 'is' }, 'value').op).toBe('is');
    expect(withField({ ...base, op: 'contains' }, 'account_id').op).toBe('is');
  });

  it('the "always categorise" offer makes a valid rule of the exact text', () => {
    const body = offeredRule({
      description: 'Uber *trip',
      category_id: 6,
      sub_category_id: 20,
      categoryLabel: 'Transport › Taxi',
    });
    expect(body.conditions).toEqual([{ field: 'description', op: 'is', value: 'Uber *trip' }]);
    expect(ruleBodySchema.safeParse(body).success).toBe(true);
  });
});
