import type { Account } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { accountBody, accountFormValues } from './account-form.ts';
import { entriesCountOf, isAccountHasEntries } from './api/delete-account.ts';

const stored: Account = {
  id: 7,
  name: 'Nubank',
  bank_id: 12,
  type: 'savings',
  initial_balance: -123_456,
  color: '#1971c2',
  archived: false,
  balance: 0,
  predicted_balance: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('account form', () => {
  it('starts a new account as checking with nothing filled in', () => {
    expect(accountFormValues(null, 'en-US', 2)).toEqual({
      name: '',
      bank_id: null,
      type: 'checking',
      initial_balance: '',
      color: '',
    });
  });

  it('shows an existing account in the locale format, negative amounts included', () => {
    expect(accountFormValues(stored, 'pt-BR', 2)).toEqual({
      name: 'Nubank',
      bank_id: '12',
      type: 'savings',
      initial_balance: '-1.234,56',
      color: '#1971c2',
    });
    expect(accountFormValues(stored, 'en-US', 2).initial_balance).toBe('-1,234.56');
  });

  it('turns the values into the API body with cents parsed from text', () => {
    const result = accountBody(
      {
        name: '  Carteira ',
        bank_id: null,
        type: 'wallet',
        initial_balance: '1.234,5',
        color: '#E8590C',
      },
      2,
    );
    expect(result).toEqual({
      ok: true,
      body: { name: 'Carteira', bank_id: null, type: 'wallet', initial_balance: 123_450, color: '#e8590c' },
    });
  });

  it('accepts an empty initial balance as zero and negative amounts in either format', () => {
    const base = { name: 'A', bank_id: '3', type: 'checking', color: '' } as const;
    expect(accountBody({ ...base, initial_balance: '' }, 2)).toMatchObject({
      ok: true,
      body: { initial_balance: 0, bank_id: 3, color: null },
    });
    expect(accountBody({ ...base, initial_balance: '-50' }, 2)).toMatchObject({
      ok: true,
      body: { initial_balance: -5000 },
    });
    expect(accountBody({ ...base, initial_balance: '-1,234.56' }, 2)).toMatchObject({
      ok: true,
      body: { initial_balance: -123_456 },
    });
    // 0.1 + 0.2 style inputs stay exact.
    expect(accountBody({ ...base, initial_balance: '0,30' }, 2)).toMatchObject({
      ok: true,
      body: { initial_balance: 30 },
    });
  });

  it('reads whole units for a zero-decimal currency (¥1,234 is 1234)', () => {
    const base = { name: 'Yen', bank_id: null, type: 'wallet', color: '' } as const;
    expect(accountBody({ ...base, initial_balance: '1.234' }, 0)).toMatchObject({
      ok: true,
      body: { initial_balance: 1234 },
    });
    expect(accountBody({ ...base, initial_balance: '12,50' }, 0)).toEqual({
      ok: false,
      errors: ['initial_balance'],
    });
    expect(accountFormValues({ ...stored, initial_balance: -1234 }, 'en-US', 0).initial_balance).toBe(
      '-1,234',
    );
  });

  it('names every invalid field', () => {
    expect(
      accountBody(
        { name: ' ', bank_id: null, type: 'checking', initial_balance: '12,345,6', color: 'blue' },
        2,
      ),
    ).toEqual({
      ok: false,
      errors: ['name', 'initial_balance', 'color'],
    });
    expect(
      accountBody(
        {
          name: 'x'.repeat(101),
          bank_id: null,
          type: 'checking',
          initial_balance: 'abc',
          color: '',
        },
        2,
      ),
    ).toEqual({
      ok: false,
      errors: ['name', 'initial_balance'],
    });
  });
});

describe('the 409 of deleting an account with entries', () => {
  it('is recognised, and the count is read from its parameters whatever the language of the message', () => {
    const conflict = new ApiError(409, {
      message: 'A conta tem 3 lançamentos; envie delete_entries=true para excluí-los também',
      code: 'CONFLICT',
      key: 'accountHasEntries',
      params: { count: 3 },
    });
    expect(isAccountHasEntries(conflict)).toBe(true);
    expect(entriesCountOf(conflict)).toBe(3);
    expect(entriesCountOf(new ApiError(409, { message: 'Conflict', code: 'CONFLICT' }))).toBeNull();
    const missing = new ApiError(404, { message: 'Account not found', code: 'NOT_FOUND' });
    expect(isAccountHasEntries(missing)).toBe(false);
    expect(isAccountHasEntries(new Error('x'))).toBe(false);
  });
});
