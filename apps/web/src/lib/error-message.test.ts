import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

/** Returns the key, so the tests see which catalogue text was chosen. */
const t = ((key: string) => key) as TFunction;

describe('errorMessage', () => {
  it("shows the server's (translated) message for a conflict or a missing record", () => {
    expect(errorMessage(t, new ApiError(409, 'A tag já existe', 'CONFLICT'))).toBe('A tag já existe');
    expect(errorMessage(t, new ApiError(404, 'Conta não encontrada', 'NOT_FOUND'))).toBe(
      'Conta não encontrada',
    );
    expect(errorMessage(t, new ApiError(409, '', 'CONFLICT'), 'entries:errors.save')).toBe(
      'entries:errors.save',
    );
  });

  it('uses catalogue texts for the other failures', () => {
    expect(errorMessage(t, new ApiError(0, 'Network error', 'NETWORK_ERROR'))).toBe('common:errors.network');
    expect(errorMessage(t, new ApiError(500, 'Internal server error', 'INTERNAL_ERROR'))).toBe(
      'common:toast.error',
    );
    expect(errorMessage(t, new ApiError(403, 'Forbidden', 'FORBIDDEN'), 'auth:login.failed')).toBe(
      'auth:login.failed',
    );
    expect(errorMessage(t, new Error('boom'))).toBe('common:toast.error');
  });
});
