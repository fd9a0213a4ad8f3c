import { SUBSCRIPTION_REQUIRED_MESSAGE } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { acceptLanguageLocale, apiText, translateFields, validationIssueMessage } from './messages.ts';

describe('request language', () => {
  it('takes the best supported Accept-Language, any pt as br, else English', () => {
    expect(acceptLanguageLocale(undefined)).toBe('en');
    expect(acceptLanguageLocale('')).toBe('en');
    expect(acceptLanguageLocale('pt-BR,pt;q=0.9,en;q=0.8')).toBe('br');
    expect(acceptLanguageLocale('pt')).toBe('br');
    expect(acceptLanguageLocale('pt-PT')).toBe('br');
    expect(acceptLanguageLocale('br')).toBe('br');
    expect(acceptLanguageLocale('en-US,en;q=0.9,pt-BR;q=0.8')).toBe('en');
    expect(acceptLanguageLocale('de-DE,pt;q=0.5')).toBe('br');
    expect(acceptLanguageLocale('en;q=0.4,pt-BR;q=0.6')).toBe('br');
    expect(acceptLanguageLocale('fr, de')).toBe('en');
    expect(acceptLanguageLocale('pt;q=0')).toBe('en');
  });
});

describe('messages by key', () => {
  it('sends a message in the request language, placeholders filled, plural chosen by count', () => {
    expect(apiText('en', 'tagExists')).toBe('The tag already exists');
    expect(apiText('br', 'tagExists')).toBe('A tag já existe');
    expect(apiText('en', 'accountHasEntries', { count: 1 })).toBe(
      'The account has 1 entry; pass delete_entries=true to delete it too',
    );
    expect(apiText('en', 'accountHasEntries', { count: 3 })).toBe(
      'The account has 3 entries; pass delete_entries=true to delete them too',
    );
    // pt-BR plural rules, not Breton's ('br' is the app's code for Brazilian Portuguese).
    expect(apiText('br', 'accountHasEntries', { count: 2 })).toBe(
      'A conta tem 2 lançamentos; envie delete_entries=true para excluí-los também',
    );
    expect(apiText('br', 'accountHasEntries', { count: 1 })).toBe(
      'A conta tem 1 lançamento; envie delete_entries=true para excluí-lo também',
    );
  });

  it('keeps the subscription message exact in every language, as the spec fixes it (DESIGN.md §2)', () => {
    expect(apiText('en', 'subscriptionRequired')).toBe(SUBSCRIPTION_REQUIRED_MESSAGE);
    expect(apiText('br', 'subscriptionRequired')).toBe(SUBSCRIPTION_REQUIRED_MESSAGE);
  });

  it('translates field messages given as keys or as keys with params', () => {
    expect(
      translateFields('br', { name: 'alreadyExists', email: ['emailTaken', { key: 'isRequired' }] }),
    ).toEqual({
      name: ['Este nome já está em uso'],
      email: ['Este e-mail já está em uso', 'O campo e-mail é obrigatório'],
    });
  });

  it('words zod issues like the validation rule catalogue', () => {
    const issue = { keyword: 'too_small', params: { origin: 'string', minimum: 8, inclusive: true } };
    expect(validationIssueMessage('en', 'password', issue, 'short')).toBe(
      'The password field must be at least 8 characters',
    );
    expect(validationIssueMessage('br', 'password', issue, 'short')).toBe(
      'O campo senha deve ter no mínimo 8 caracteres',
    );
    const missing = { keyword: 'invalid_type', params: { expected: 'string' } };
    expect(validationIssueMessage('br', 'description', missing, undefined)).toBe(
      'O campo descrição é obrigatório',
    );
    expect(validationIssueMessage('en', 'description', missing, 12)).toBe(
      'The description field must be text',
    );
  });

  it("translates a contract's own message by its key, and only a key of the catalogue", () => {
    const custom = { keyword: 'custom', message: 'dateFormat' };
    expect(validationIssueMessage('br', 'date', custom, 'x')).toBe(apiText('br', 'dateFormat'));
    const foreign = { keyword: 'custom', message: 'Invalid input' };
    expect(validationIssueMessage('en', 'date', foreign, 'x')).toBe('date is not valid');
  });
});
