import { isEmpty, type RuleSpec, validateValue } from '@centavo/shared/validation/index';
import { fragmentKind, type IssueText, zodIssueText } from '@centavo/shared/validation/zod-issue';
import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from './api-client.ts';

/** A @mantine/form `validate` function: the values in, a message (element) per invalid field out. */
export type Resolver<V> = (values: V) => FormErrors;

/** The catalogue key of a field's name in messages; the `validation` catalogue's by default. */
export type FieldLabels = (field: string) => string;
const validationLabel: FieldLabels = (field) => `validation:fields.${field}`;

/**
 * A field message, translated when it renders rather than when the check ran: switching the interface
 * language re-words the messages on screen (DESIGN §7). `api` texts (contract messages) load on demand, so
 * the message never suspends the form; until then it says the generic "is not valid".
 */
export function FieldMessage({ text, label }: { text: IssueText; label: string }) {
  const { t } = useTranslation(['validation', 'api'], { useSuspense: false });
  const field = t(label, { defaultValue: label.slice(label.lastIndexOf('.') + 1) });
  const fallback = t('validation:default', { field });
  if (!text.key.startsWith('api:messages.')) {
    return t(text.key, { ...text.params, field, defaultValue: fallback });
  }
  const message = t(text.key, { ...text.params, defaultValue: fallback });
  const kind = fragmentKind(message);
  if (kind === 'sentence') return message;
  if (kind === 'capitalize') return message.charAt(0).toLocaleUpperCase() + message.slice(1);
  return t('api:zod.fieldSentence', { field, message });
}

function message(text: IssueText, field: string, labels: FieldLabels): ReactNode {
  return <FieldMessage text={text} label={labels(field)} />;
}

type Rules<V> = Partial<Record<keyof V & string, RuleSpec>>;

/**
 * Checks with the shared rule catalogue (spec §5), for what no contract says: a confirmation field, a
 * value the form holds as text before it becomes the body. `messageFor` may word a failure its own way
 * (e.g. the amount's "must be greater than zero").
 */
export function rulesResolver<V extends Record<string, unknown>>(
  rules: Rules<V> | ((values: V) => Rules<V>),
  options: {
    labels?: FieldLabels;
    messageFor?: (field: keyof V & string, rule: string, values: V) => IssueText | undefined;
  } = {},
): Resolver<V> {
  const labels = options.labels ?? validationLabel;
  return (values) => {
    const errors: FormErrors = {};
    const current = typeof rules === 'function' ? rules(values) : rules;
    for (const [field, spec] of Object.entries(current) as [keyof V & string, RuleSpec][]) {
      const failure = validateValue(values[field], spec, { values });
      if (!failure) continue;
      const text = options.messageFor?.(field, failure.rule, values) ?? {
        key: `validation:rules.${failure.rule}`,
        params: failure.params,
      };
      errors[field] = message(text, field, labels);
    }
    return errors;
  };
}

// zod's own messages are sentences; a contract names its message by an `api` catalogue key (one word).
const isMessageKey = (text: string) => /^[a-zA-Z]\w*$/.test(text);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Checks with a shared zod contract (packages/shared): the form's values, or what `input` makes of them (the
 * body the form will send), parsed by the schema; each issue worded as the API words it (zodIssueText), under
 * the field its path starts with. A field the person left empty is "required", whatever the schema expected.
 */
export function zodResolver<V extends Record<string, unknown>>(
  schema: z.ZodType,
  options: { input?: (values: V) => unknown; labels?: FieldLabels } = {},
): Resolver<V> {
  const labels = options.labels ?? validationLabel;
  return (values) => {
    const input = options.input ? options.input(values) : values;
    const result = schema.safeParse(input);
    const errors: FormErrors = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === '' || field in errors) continue;
      const text = isEmpty(values[field])
        ? { key: 'validation:rules.required', params: {} }
        : zodIssueText(issue.code, { ...issue }, issue.message, valueAt(input, issue.path), isMessageKey);
      errors[field] = message(text, field, labels);
    }
    return errors;
  };
}

/** Several resolvers as one; where two find a field invalid, the first one's message is shown. */
export function resolvers<V>(...list: Resolver<V>[]): Resolver<V> {
  return (values) => {
    const errors: FormErrors = {};
    for (const resolve of list) {
      for (const [field, error] of Object.entries(resolve(values))) {
        if (!(field in errors)) errors[field] = error;
      }
    }
    return errors;
  };
}

/**
 * A validator of one field from the shared rule catalogue, for a @mantine/form `validate` object (pages
 * whose rules change with their state, e.g. the two-factor page's code or recovery code).
 */
export function rule(field: string, spec: RuleSpec) {
  return (value: unknown, values: object): ReactNode => {
    const failure = validateValue(value, spec, { values: { ...values } });
    if (!failure) return null;
    return message(
      { key: `validation:rules.${failure.rule}`, params: failure.params },
      field,
      validationLabel,
    );
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
