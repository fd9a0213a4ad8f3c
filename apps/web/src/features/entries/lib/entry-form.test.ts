import type { Entry } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { entryFixture } from './entry.test-fixture.ts';
import {
  emptyFormValues,
  entryFormRules,
  formValuesFromEntry,
  installmentPreview,
  NO_CATEGORY,
  splitTagLabels,
  tagsField,
  toCreateBody,
  toUpdatePatch,
} from './entry-form.ts';

const tags = [
  { id: 1, name: 'Transporte' },
  { id: 2, name: 'Lazer' },
];

const base: Entry = entryFixture({
  id: 50,
  description: 'Notebook',
  value: 100001,
  date: '2026-12-11',
  category_id: 8,
  sub_category_id: 30,
  series_id: 9,
  installment_number: 2,
  installment_count: 3,
  tags: [2],
});

describe('entry form → API', () => {
  it('parses whole units for a zero-decimal currency (¥1,234 is 1234)', () => {
    const yen = toCreateBody(emptyFormValues({ description: 'a', value: '1.234', account_id: '1' }), [], 0);
    expect(yen.value).toBe(1234);
    expect(formValuesFromEntry({ ...base, value: 1234 }, tags, 'en-US', 0).value).toBe('1,234');
  });

  it('parses the typed amount into cents in both conventions', () => {
    const pt = toCreateBody(emptyFormValues({ description: 'a', value: '1.234,56', account_id: '1' }), [], 2);
    const en = toCreateBody(emptyFormValues({ description: 'a', value: '1,234.56', account_id: '1' }), [], 2);
    expect(pt.value).toBe(123456);
    expect(en.value).toBe(123456);
  });

  it('forces the transfer category and keeps the destination only for transfers', () => {
    const transfer = toCreateBody(
      emptyFormValues({
        operation_id: '4',
        description: 'Saque',
        value: '200',
        account_id: '1',
        destination_account_id: '2',
        category_id: '8',
      }),
      [],
      2,
    );
    expect(transfer).toMatchObject({ category_id: 1, sub_category_id: 27, destination_account_id: 2 });
    const expense = toCreateBody(
      emptyFormValues({ description: 'x', value: '1', account_id: '1', destination_account_id: '2' }),
      [],
      2,
    );
    expect(expense.destination_account_id).toBeNull();
  });

  it('sends installments or a fixed series with limit_fixed_date null when empty', () => {
    const installments = toCreateBody(
      emptyFormValues({
        description: 'x',
        value: '100',
        account_id: '1',
        repeat: 'installments',
        installments: 3,
      }),
      [],
      2,
    );
    expect(installments).toMatchObject({ installments: 3, fixed: false, limit_fixed_date: null });
    const fixed = toCreateBody(
      emptyFormValues({ description: 'x', value: '1', account_id: '1', repeat: 'fixed' }),
      [],
      2,
    );
    expect(fixed).toMatchObject({ fixed: true, limit_fixed_date: null });
    expect('installments' in fixed).toBe(false);
    const ending = toCreateBody(
      emptyFormValues({
        description: 'x',
        value: '1',
        account_id: '1',
        repeat: 'fixed',
        limit_fixed_date: '2027-06-30',
      }),
      [],
      2,
    );
    expect(ending.limit_fixed_date).toBe('2027-06-30');
  });

  it('previews the installment split with the remainder on the first', () => {
    expect(installmentPreview('100,00', 3, 2)).toEqual({ first: 3334, rest: 3333, count: 3 });
    expect(installmentPreview('90', 3, 2)).toEqual({ first: 3000, rest: 3000, count: 3 });
    expect(installmentPreview('abc', 3, 2)).toBeNull();
    expect(installmentPreview('10', 1, 2)).toBeNull();
    expect(installmentPreview('10', 421, 2)).toBeNull();
    // A zero-decimal currency splits whole units: ¥100 in 3 is 34 + 33 + 33.
    expect(installmentPreview('100', 3, 0)).toEqual({ first: 34, rest: 33, count: 3 });
  });

  it('turns tag labels into ids, new labels into text and numeric labels apart', () => {
    expect(splitTagLabels(['lazer', 'Viagem', '2024', 'Viagem '], tags)).toEqual({
      ids: [2],
      newLabels: ['Viagem'],
      numericLabels: ['2024'],
    });
    expect(tagsField([2], [])).toEqual([2]);
    expect(tagsField([2], ['Viagem', 'Praia'])).toBe('2,Viagem,Praia');
  });

  it('requires a different destination for transfers and a count for installments', () => {
    const transfer = entryFormRules(emptyFormValues({ operation_id: '4', account_id: '1' }), false, 2);
    expect(transfer.destination_account_id).toEqual({ required: true, is_not: '1' });
    expect(transfer.category_id).toBeUndefined();
    expect(entryFormRules(emptyFormValues(), false, 2).destination_account_id).toBeUndefined();
    expect(entryFormRules(emptyFormValues(), false, 2).category_id).toBe('required');
    expect(entryFormRules(emptyFormValues({ repeat: 'installments' }), false, 2).installments).toBe(
      'required|integer|between:2,420',
    );
    // A zero-decimal currency takes no decimal part.
    const whole = new RegExp(
      String((entryFormRules(emptyFormValues(), false, 0).value as { regex: string }).regex),
    );
    expect([whole.test('1.234'), whole.test('12,50')]).toEqual([true, false]);
    // Editing never re-splits a series.
    expect(entryFormRules(emptyFormValues({ repeat: 'installments' }), true, 2).installments).toBeUndefined();
  });
});

describe('editing a series entry', () => {
  it('sends only what changed, so other installments keep their own amounts', () => {
    const values = formValuesFromEntry(base, tags, 'pt-BR', 2);
    expect(values.value).toBe('1.000,01');
    expect(values.tags).toEqual(['Lazer']);
    expect(toUpdatePatch(base, values, [2], 2)).toEqual({});
    expect(toUpdatePatch(base, { ...values, description: 'Notebook Dell' }, [2], 2)).toEqual({
      description: 'Notebook Dell',
    });
    expect(toUpdatePatch(base, { ...values, value: '900,00' }, [2], 2)).toEqual({ value: 90000 });
  });

  it('includes tags only when they changed', () => {
    const values = formValuesFromEntry(base, tags, 'en-US', 2);
    expect(toUpdatePatch(base, values, [2, 1], 2)).toEqual({ tags: [2, 1] });
    expect(toUpdatePatch(base, values, '2,Novo', 2)).toEqual({ tags: '2,Novo' });
  });

  it('changes the end of a fixed series', () => {
    const fixed: Entry = { ...base, fixed: true, installment_count: null, installment_number: null };
    const values = formValuesFromEntry(fixed, tags, 'en-US', 2);
    expect(values.repeat).toBe('fixed');
    expect(toUpdatePatch(fixed, { ...values, limit_fixed_date: '2027-03-31' }, [2], 2)).toEqual({
      limit_fixed_date: '2027-03-31',
    });
  });
});

describe('"No category" (DESIGN.md §9)', () => {
  it('is an explicit choice that sends category_id null; an empty category is still an error', () => {
    const values = emptyFormValues({ operation_id: '2', description: 'Feira', value: '10', account_id: '1' });
    expect(entryFormRules(values, false, 2).category_id).toBe('required');
    const body = toCreateBody({ ...values, category_id: NO_CATEGORY }, [], 2);
    expect(body).toMatchObject({ category_id: null, sub_category_id: null });
  });

  it('shows an uncategorised entry as "No category" and takes a category away with its subcategory', () => {
    const none: Entry = { ...base, category_id: null, sub_category_id: null };
    expect(formValuesFromEntry(none, tags, 'en-US', 2).category_id).toBe(NO_CATEGORY);
    expect(toUpdatePatch(none, formValuesFromEntry(none, tags, 'en-US', 2), [2], 2)).toEqual({});
    const values = formValuesFromEntry(base, tags, 'en-US', 2);
    expect(
      toUpdatePatch(base, { ...values, category_id: NO_CATEGORY, sub_category_id: null }, [2], 2),
    ).toEqual({
      category_id: null,
      sub_category_id: null,
    });
  });
});
