import { type RuleSpec, validateValue } from '@centavo/shared/validation/index';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

/**
 * @mantine/form validators from the shared rule catalogue (spec §5: the same rules and messages as every
 * form), in the interface language. `t` is the `validation` namespace's, from the page's useTranslation.
 */
export function rule(t: TFunction<'validation'>, field: string, spec: RuleSpec) {
  return (value: unknown, values: object): string | null => {
    const failure = validateValue(value, spec, { values: { ...values } });
    if (!failure) return null;
    const label = t(`fields.${field}`, { defaultValue: field });
    return t(`rules.${failure.rule}`, {
      ...failure.params,
      field: label,
      defaultValue: t('default', { field: label }),
    });
  };
}

/** A 422's (or 409's) field messages onto a @mantine/form form; false when the error had none to show. */
export function setServerErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
) {
  if (!isApiError(error) || (error.status !== 422 && error.status !== 409)) return false;
  const entries = Object.entries(error.errors).map(([field, messages]) => [field, messages.join(' ')]);
  if (entries.length === 0) return false;
  form.setErrors(Object.fromEntries(entries));
  return true;
}
