import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { changeLocale, i18n, initI18n } from './i18n.ts';

describe('errorMessage', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['api', 'entries']);
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('translates a conflict or a missing record from its key, in the interface language, with its parameters', async () => {
    const conflict = new ApiError(409, {
      message: 'The account has 12 entries; pass delete_entries=true to delete them too',
      code: 'CONFLICT',
      key: 'accountHasEntries',
      params: { count: 12 },
    });
    expect(errorMessage(conflict)).toBe(
      'The account has 12 entries; pass delete_entries=true to delete them too',
    );
    const one = new ApiError(409, {
      message: '',
      code: 'CONFLICT',
      key: 'accountHasEntries',
      params: { count: 1 },
    });
    expect(errorMessage(one)).toBe('The account has 1 entry; pass delete_entries=true to delete it too');
    const missing = new ApiError(404, { message: 'Tag not found', code: 'NOT_FOUND', key: 'tagNotFound' });
    await changeLocale('br');
    // The server's message stays in the language of the request; the key follows the interface.
    expect(errorMessage(missing)).toBe('Tag não encontrada');
    expect(errorMessage(conflict)).toBe(
      'A conta tem 12 lançamentos; envie delete_entries=true para excluí-los também',
    );
  });

  it("falls back to the server's message for a key the catalogue lacks, then to the fallback text", () => {
    const unknown = new ApiError(409, { message: 'A tag já existe', code: 'CONFLICT', key: 'noSuchKey' });
    expect(errorMessage(unknown)).toBe('A tag já existe');
    expect(errorMessage(new ApiError(404, { message: 'Conta não encontrada', code: 'NOT_FOUND' }))).toBe(
      'Conta não encontrada',
    );
    expect(errorMessage(new ApiError(409, { message: '', code: 'CONFLICT' }), 'entries:errors.save')).toBe(
      'Could not save the entry',
    );
  });

  it('uses catalogue texts for the other failures', () => {
    expect(errorMessage(new ApiError(0, { message: 'Network error', code: 'NETWORK_ERROR' }))).toBe(
      'Could not reach the server. Check your connection.',
    );
    const internal = new ApiError(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(errorMessage(internal)).toBe('Unexpected error');
    const forbidden = new ApiError(403, { message: 'Forbidden', code: 'FORBIDDEN', key: 'unauthenticated' });
    expect(errorMessage(forbidden, 'entries:errors.save')).toBe('Could not save the entry');
    expect(errorMessage(new Error('boom'))).toBe('Unexpected error');
  });

  it('says the plan has ended, not "Unexpected error", when a change is refused for it (issue 23 #7)', async () => {
    await i18n.loadNamespaces('common');
    const refused = new ApiError(403, {
      message: 'User without a valid Subscription',
      code: 'SUBSCRIPTION_REQUIRED',
    });
    expect(errorMessage(refused)).toMatch(/^Your plan has ended/);
    await changeLocale('br');
    expect(errorMessage(refused)).toMatch(/^Seu plano terminou/);
  });
});
