import type { FieldErrors } from '@centavo/shared';
import { VALIDATION_DEBOUNCE_MS } from '@centavo/shared/constants';
import { type RuleSpec, type ValidationFailure, validateValue } from '@centavo/shared/validation/index';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A field's error: a rule failure (translated at render, so it follows the active interface language —
 * DESIGN §7) or a message the server sent in its 422 `errors` map.
 */
type FieldError = { kind: 'rule'; failure: ValidationFailure } | { kind: 'server'; message: string };

type Rules<V> = Partial<Record<keyof V & string, RuleSpec>>;

export interface UseFormOptions<V extends Record<string, unknown>> {
  initialValues: V;
  /** The rules, or a function of the values for rules that depend on them (read when a check runs). */
  rules?: Rules<V> | ((values: V) => Rules<V>);
  onSubmit: (values: V) => unknown;
}

export interface InputProps<T> {
  name: string;
  value: T;
  error: string | undefined;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
}

/** Moves focus to the first control of that name, so keyboard and screen-reader users land on the error. */
function focusField(name: string): void {
  document.getElementsByName(name)[0]?.focus();
}

function readEventValue(eventOrValue: unknown): unknown {
  if (typeof eventOrValue === 'object' && eventOrValue !== null && 'currentTarget' in eventOrValue) {
    const target = eventOrValue.currentTarget;
    if (target instanceof HTMLInputElement && target.type === 'checkbox') return target.checked;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    ) {
      return target.value;
    }
  }
  return eventOrValue;
}

/**
 * Form state with the spec §5 validation: a text field is checked when it loses focus (its change is
 * committed), a select or checkbox when its value changes; never on each keystroke. Checks run 5 ms
 * (VALIDATION_DEBOUNCE_MS) after the event, so a blur followed by a change validates once.
 */
export function useForm<V extends Record<string, unknown>>({
  initialValues,
  rules = {},
  onSubmit,
}: UseFormOptions<V>) {
  const { t } = useTranslation('validation');
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, FieldError>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const currentRules = useCallback(
    (all: V): Rules<V> => (typeof rulesRef.current === 'function' ? rulesRef.current(all) : rulesRef.current),
    [],
  );
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  /** Fields the person has typed in: leaving an untouched field says nothing (issue 13 #6). */
  const edited = useRef(new Set<string>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const checkField = useCallback(
    (field: keyof V & string, all: V = valuesRef.current): FieldError | undefined => {
      const spec = currentRules(all)[field];
      if (!spec) return undefined;
      const failure = validateValue(all[field], spec, { values: all });
      return failure ? { kind: 'rule', failure } : undefined;
    },
    [currentRules],
  );

  const validateField = useCallback(
    (field: keyof V & string) => {
      const existing = timers.current.get(field);
      if (existing) clearTimeout(existing);
      timers.current.set(
        field,
        setTimeout(() => {
          timers.current.delete(field);
          const error = checkField(field);
          setErrors((previous) => ({ ...previous, [field]: error }));
        }, VALIDATION_DEBOUNCE_MS),
      );
    },
    [checkField],
  );

  const setFieldValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
  }, []);

  /** Runs every rule now; returns whether the form is valid and focuses the first invalid field. */
  const validateAll = useCallback((): boolean => {
    const next: Partial<Record<keyof V & string, FieldError>> = {};
    let firstInvalid: string | null = null;
    for (const field of Object.keys(currentRules(valuesRef.current)) as (keyof V & string)[]) {
      const error = checkField(field);
      if (error) {
        next[field] = error;
        firstInvalid ??= field;
      }
    }
    setErrors(next);
    if (firstInvalid) {
      focusField(firstInvalid);
    }
    return firstInvalid === null;
  }, [checkField, currentRules]);

  /** Puts a 422 `errors` map under its fields; messages for unknown fields go to the form-level error. */
  const setServerErrors = useCallback((fieldErrors: FieldErrors, fallback?: string | null) => {
    const next: Partial<Record<keyof V & string, FieldError>> = {};
    const orphans: string[] = [];
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      if (field in valuesRef.current) next[field as keyof V & string] = { kind: 'server', message };
      else orphans.push(message);
    }
    setErrors(next);
    setFormError(orphans.length ? orphans.join(' ') : (fallback ?? null));
    const first = Object.keys(next)[0];
    if (first) focusField(first);
  }, []);

  function message(field: keyof V & string): string | undefined {
    const error = errors[field];
    if (!error) return undefined;
    if (error.kind === 'server') return error.message;
    const label = t(`fields.${field}`, { defaultValue: field });
    return t(`rules.${error.failure.rule}`, {
      ...error.failure.params,
      field: label,
      defaultValue: t('default', { field: label }),
    });
  }

  /** Props for a text input: validated on blur once typed in. */
  function getInputProps<K extends keyof V & string>(field: K): InputProps<V[K]> {
    return {
      name: field,
      value: values[field],
      error: message(field),
      'aria-invalid': Boolean(errors[field]),
      onChange: (eventOrValue) => {
        edited.current.add(field);
        setFieldValue(field, readEventValue(eventOrValue) as V[K]);
      },
      // Passing through a field without typing (tabbing on, opening a dropdown) is not an error yet: a
      // required field left empty is reported on submit; one typed in, or already in error, on blur.
      onBlur: () => {
        if (edited.current.has(field) || errors[field]) validateField(field);
      },
    };
  }

  /** Props for a select, checkbox or other picker: validated when the choice changes. */
  function getChoiceProps<K extends keyof V & string>(field: K): InputProps<V[K]> {
    return {
      ...getInputProps(field),
      onChange: (eventOrValue) => {
        setFieldValue(field, readEventValue(eventOrValue) as V[K]);
        validateField(field);
      },
    };
  }

  function handleSubmit(event?: FormEvent) {
    event?.preventDefault();
    setFormError(null);
    if (!validateAll()) return;
    return onSubmit(valuesRef.current);
  }

  return {
    values,
    setValues,
    setFieldValue,
    errors,
    formError,
    setFormError,
    getInputProps,
    getChoiceProps,
    validateAll,
    setServerErrors,
    handleSubmit,
    reset: () => {
      setValues(initialValues);
      setErrors({});
      setFormError(null);
    },
  };
}
