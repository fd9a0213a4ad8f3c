import { VALIDATION_DEBOUNCE_MS } from '@centavo/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useForm } from './form.ts';
import { changeLocale, initI18n } from './i18n.ts';

beforeAll(async () => {
  await initI18n('en');
});
// The form's checks run on a timer: the tests move the clock instead of waiting for it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(onSubmit = vi.fn()) {
  return renderHook(() =>
    useForm({
      initialValues: { email: '', password: '', password_confirmation: '', country_id: '' },
      rules: {
        email: 'required|email',
        password: 'required|min:8',
        password_confirmation: 'required|confirmed:password',
        country_id: 'required',
      },
      onSubmit,
    }),
  );
}

/** Runs the checks the events scheduled: they run VALIDATION_DEBOUNCE_MS (5 ms) after the event. */
function settle() {
  act(() => {
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS);
  });
}

describe('useForm (spec §5, DESIGN §7)', () => {
  it('does not validate a text field while typing, only on blur', async () => {
    const { result } = setup();
    act(() => result.current.getInputProps('email').onChange('not-an-email'));
    settle();
    expect(result.current.getInputProps('email').error).toBeUndefined();
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(result.current.getInputProps('email').error).toBe('The e-mail field must be a valid e-mail');
  });

  it('validates a choice when it changes', async () => {
    const { result } = setup();
    act(() => result.current.getChoiceProps('country_id').onChange(null));
    settle();
    expect(result.current.getInputProps('country_id').error).toBe('The country field is required');
  });

  it('debounces: several events within 5 ms validate once, with the last value', async () => {
    const { result } = setup();
    act(() => {
      result.current.getInputProps('email').onChange('bad');
      result.current.getInputProps('email').onBlur();
    });
    act(() => {
      vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS - 1);
    });
    // The first blur's check has not run yet ("bad" would fail it); the second replaces it.
    expect(result.current.getInputProps('email').error).toBeUndefined();
    act(() => {
      result.current.getInputProps('email').onChange('ana@example.com');
      result.current.getInputProps('email').onBlur();
    });
    settle();
    expect(result.current.getInputProps('email').error).toBeUndefined();
    act(() => {
      result.current.getInputProps('email').onChange('still bad');
      result.current.getInputProps('email').onBlur();
    });
    settle();
    expect(result.current.getInputProps('email').error).toBe('The e-mail field must be a valid e-mail');
  });

  it('says nothing when a field is only passed through; a typed one is checked on blur (issue 13 #6)', () => {
    const { result } = setup();
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(result.current.getInputProps('email').error).toBeUndefined();
    act(() => result.current.getInputProps('email').onChange(''));
    act(() => result.current.getInputProps('email').onBlur());
    settle();
    expect(result.current.getInputProps('email').error).toBe('The e-mail field is required');
  });

  it('shows messages in the active interface language', async () => {
    const { result } = setup();
    act(() => result.current.getInputProps('password').onChange(''));
    act(() => result.current.getInputProps('password').onBlur());
    settle();
    expect(result.current.getInputProps('password').error).toBe('The password field is required');
    await act(() => changeLocale('br'));
    expect(result.current.getInputProps('password').error).toBe('O campo senha é obrigatório');
    await act(() => changeLocale('en'));
  });

  it('checks every field on submit and only then calls onSubmit', async () => {
    const onSubmit = vi.fn();
    const { result } = setup(onSubmit);
    act(() => {
      result.current.handleSubmit();
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(result.current.getInputProps('password_confirmation').error).toBe(
      'The password confirmation field is required',
    );
    act(() => {
      result.current.setFieldValue('email', 'ana@example.com');
      result.current.setFieldValue('password', 'secret123');
      result.current.setFieldValue('password_confirmation', 'secret124');
      result.current.setFieldValue('country_id', '32');
    });
    act(() => {
      result.current.handleSubmit();
    });
    expect(result.current.getInputProps('password_confirmation').error).toBe(
      'The password confirmation field does not match',
    );
    act(() => result.current.setFieldValue('password_confirmation', 'secret123'));
    act(() => {
      result.current.handleSubmit();
    });
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'secret123',
      password_confirmation: 'secret123',
      country_id: '32',
    });
  });

  it('puts the server 422 errors map under the fields and the rest at form level', () => {
    const { result } = setup();
    act(() =>
      result.current.setServerErrors(
        { email: ['is already taken'], token: ['is invalid'] },
        'Could not register',
      ),
    );
    expect(result.current.getInputProps('email').error).toBe('is already taken');
    expect(result.current.getInputProps('email')['aria-invalid']).toBe(true);
    expect(result.current.formError).toBe('is invalid');
  });
});
