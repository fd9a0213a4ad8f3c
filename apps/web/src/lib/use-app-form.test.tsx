import { VALIDATION_DEBOUNCE_MS } from '@centavo/shared/constants';
import { loginBodySchema } from '@centavo/shared/contracts/identity';
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvers, rulesResolver, zodResolver } from './form-rules.tsx';
import { changeLocale, i18n, initI18n } from './i18n.ts';
import { useAppForm } from './use-app-form.ts';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['validation', 'api']);
});
// Checks run on a timer: the tests move the clock instead of waiting for it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the checks the events scheduled: they run VALIDATION_DEBOUNCE_MS (5 ms) after the event. */
function settle() {
  act(() => {
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS);
  });
}

interface Values extends Record<string, unknown> {
  email: string;
  password: string;
  password_confirmation: string;
  country_id: string | null;
}

function setup(onSubmit = vi.fn()) {
  return renderHook(() =>
    useAppForm<Values>({
      initialValues: { email: '', password: '', password_confirmation: '', country_id: '' },
      // The contract's e-mail and password checks, the rule catalogue's for what no contract says.
      validate: resolvers(
        zodResolver(loginBodySchema),
        rulesResolver({
          password: 'required|min:8',
          password_confirmation: 'required|confirmed:password',
          country_id: 'required',
        }),
      ),
      choices: ['country_id'],
      onSubmit,
    }),
  );
}

/** A field's message as the page shows it (messages are elements, translated when they render). */
function shown(error: ReactNode): string | null {
  if (error === undefined || error === null) return null;
  return render(<span>{error}</span>).container.textContent;
}

describe('useAppForm (spec §5, DESIGN §7)', () => {
  it('does not validate a text field while typing, only on blur', () => {
    const { result } = setup();
    act(() => result.current.getInputProps('email').onChange('not-an-email'));
    expect(shown(result.current.errors.email)).toBeNull();
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(shown(result.current.errors.email)).toBe('The e-mail field must be a valid e-mail');
    // Typing again keeps the message until the field is checked again.
    act(() => result.current.getInputProps('email').onChange('ana@example.com'));
    expect(shown(result.current.errors.email)).toBe('The e-mail field must be a valid e-mail');
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(shown(result.current.errors.email)).toBeNull();
  });

  it("leaves an input's own focus handler alone (number fields select their content on focus)", () => {
    const { result } = setup();
    expect(result.current.getInputProps('email')).not.toHaveProperty('onFocus');
  });

  it('validates a choice when it changes', () => {
    const { result } = setup();
    act(() => result.current.getInputProps('country_id').onChange(null));
    settle();
    expect(shown(result.current.errors.country_id)).toBe('The country field is required');
  });

  it('says nothing when a field is only passed through; a typed one is checked on blur (issue 13 #6)', () => {
    const { result } = setup();
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(shown(result.current.errors.email)).toBeNull();
    act(() => result.current.getInputProps('email').onChange(''));
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(shown(result.current.errors.email)).toBe('The e-mail field is required');
  });

  it('shows messages in the active interface language', async () => {
    const { result } = setup();
    act(() => result.current.getInputProps('password').onChange(''));
    act(() => result.current.getInputProps('password').onBlur());
    settle();
    const view = render(<span>{result.current.errors.password}</span>);
    expect(view.container.textContent).toBe('The password field is required');
    await act(() => changeLocale('br'));
    expect(view.container.textContent).toBe('O campo senha é obrigatório');
    await act(() => changeLocale('en'));
  });

  it('debounces: several events within 5 ms validate once, with the last value', () => {
    const { result } = setup();
    act(() => {
      result.current.getInputProps('email').onChange('bad');
      result.current.getInputProps('email').onBlur();
    });
    act(() => {
      vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS - 1);
    });
    // The first blur's check has not run yet ("bad" would fail it); the second replaces it.
    expect(shown(result.current.errors.email)).toBeNull();
    act(() => {
      result.current.getInputProps('email').onChange('ana@example.com');
      result.current.getInputProps('email').onBlur();
    });
    settle();
    expect(shown(result.current.errors.email)).toBeNull();
  });

  it('checks every field on submit and only then calls onSubmit', () => {
    const onSubmit = vi.fn();
    const { result } = setup(onSubmit);
    act(() => result.current.handleSubmit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(shown(result.current.errors.password_confirmation)).toBe(
      'The password confirmation field is required',
    );
    act(() => {
      result.current.setFieldValue('email', 'ana@example.com');
      result.current.setFieldValue('password', 'secret123');
      result.current.setFieldValue('password_confirmation', 'secret124');
      result.current.setFieldValue('country_id', '32');
    });
    act(() => result.current.handleSubmit());
    expect(shown(result.current.errors.password_confirmation)).toBe(
      'The password confirmation field does not match',
    );
    act(() => result.current.setFieldValue('password_confirmation', 'secret123'));
    act(() => result.current.handleSubmit());
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'secret123',
      password_confirmation: 'secret123',
      country_id: '32',
    });
  });

  it("words a contract's limits as the rule catalogue does", () => {
    const { result } = setup();
    act(() => result.current.setFieldValue('email', `${'a'.repeat(250)}@example.com`));
    act(() => result.current.handleSubmit());
    expect(shown(result.current.errors.email)).toBe(
      'The e-mail field may not be greater than 254 characters',
    );
  });

  it('puts the server 422 errors map under the fields and the rest at form level', () => {
    const { result } = setup();
    act(() =>
      result.current.setServerErrors(
        { email: ['is already taken'], token: ['is invalid'] },
        'Could not register',
      ),
    );
    expect(result.current.errors.email).toBe('is already taken');
    expect(result.current.getInputProps('email')['aria-invalid']).toBe(true);
    expect(result.current.formError).toBe('is invalid');
  });
});
