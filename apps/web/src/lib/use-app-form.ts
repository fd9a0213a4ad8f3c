import type { FieldErrors } from '@centavo/shared';
import { VALIDATION_DEBOUNCE_MS } from '@centavo/shared/constants';
import { type FormErrors, useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import type { Resolver } from './form-rules.tsx';

export interface AppFormOptions<V extends Record<string, unknown>> {
  initialValues: V;
  /** The checks (form-rules.tsx: a shared zod contract, the rule catalogue, or both). */
  validate?: Resolver<V>;
  /** Selects, switches, pickers: checked when the choice changes rather than on blur. */
  choices?: readonly (keyof V & string)[];
  onSubmit: (values: V) => unknown;
}

/** Moves focus to the first control of that name, so keyboard and screen-reader users land on the error. */
function focusField(name: string): void {
  document.getElementsByName(name)[0]?.focus();
}

/**
 * A @mantine/form form with the spec §5 timing: a text field is checked when it loses focus once typed in
 * (passing through an untouched field says nothing, issue 13 #6), a choice when it changes, every field on
 * submit (focus goes to the first invalid one); never on each keystroke, and an error stays until the field
 * is checked again. `formError` is the form-level alert: a server message that belongs to no field.
 */
export function useAppForm<V extends Record<string, unknown>>({
  initialValues,
  validate,
  choices = [],
  onSubmit,
}: AppFormOptions<V>) {
  const [formError, setFormError] = useState<string | null>(null);
  const edited = useRef(new Set<string>());
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate,
    clearInputErrorOnChange: false,
    validateInputOnBlur: true,
    validateInputOnChange: [...choices],
    // Spec §5: checks run 5 ms after the event, so a blur followed by a change validates once.
    validateDebounce: VALIDATION_DEBOUNCE_MS,
    enhanceGetInputProps: ({ field, inputProps, form: self }) => {
      // Mantine merges these props into `inputProps` itself: keep its own handler, not the merged one.
      const change = inputProps.onChange;
      const blur = inputProps.onBlur;
      return {
        onChange: (eventOrValue: unknown) => {
          edited.current.add(field);
          change(eventOrValue);
        },
        onBlur: (event: unknown) => {
          if (edited.current.has(field) || self.errors[field]) blur?.(event);
        },
      };
    },
  });

  /** Puts a 422 `errors` map under its fields; messages for unknown fields go to the form-level error. */
  function setServerErrors(fieldErrors: FieldErrors, fallback?: string | null) {
    const next: FormErrors = {};
    const orphans: string[] = [];
    const values = form.getValues();
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      if (field in values) next[field] = message;
      else orphans.push(message);
    }
    form.setErrors(next);
    setFormError(orphans.length ? orphans.join(' ') : (fallback ?? null));
    const first = Object.keys(next)[0];
    if (first) focusField(first);
  }

  function handleSubmit(event?: FormEvent<HTMLFormElement>) {
    setFormError(null);
    form.onSubmit(
      (values) => {
        onSubmit(values);
      },
      (errors) => {
        const first = Object.keys(errors)[0];
        if (first) focusField(first);
      },
    )(event);
  }

  return {
    ...form,
    /** An input's props (value, error, handlers, name), its value typed as the form holds it. */
    getInputProps: <K extends keyof V & string>(field: K) => {
      // Mantine's onFocus only marks the field touched (unused here, touchTrigger is "change"); left out, it
      // does not replace an input's own focus handler (selectOnFocus).
      const { onFocus: _touch, ...props } = form.getInputProps(field);
      return {
        ...props,
        name: field,
        'aria-invalid': Boolean(form.errors[field]),
        value: form.values[field],
      };
    },
    formError,
    setFormError,
    setServerErrors,
    handleSubmit,
    /** Back to the initial values, with no errors. */
    resetAll: () => {
      form.reset();
      edited.current.clear();
      setFormError(null);
    },
  };
}

export type AppForm<V extends Record<string, unknown>> = ReturnType<typeof useAppForm<V>>;
