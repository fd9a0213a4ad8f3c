/**
 * Which catalogue text says what a zod issue means, in the wording of the validation rule catalogue: the
 * API's 422 messages and the web forms' messages for the same contract read alike. Pure: the caller
 * translates (`validation:…` and `api:zod.…` texts take `{field}`; an `api:messages.…` text is the
 * contract's own message, which the caller turns into a sentence about the field).
 */
export interface IssueText {
  key: string;
  params: Record<string, string>;
}

/**
 * `code` and `props` are the issue's code and other properties (zod's issue, or the flattened
 * `{keyword, params}` fastify-type-provider-zod hands over); `value` is what was sent at the issue's
 * path: a missing value is "required" whatever type was expected. `isMessageKey` tells a
 * contract's own message (a key of the `api` catalogue) from zod's default text.
 */
export function zodIssueText(
  code: string,
  props: Readonly<Record<string, unknown>>,
  message: string | undefined,
  value: unknown,
  isMessageKey: (message: string) => boolean,
): IssueText {
  if (message !== undefined && isMessageKey(message)) return { key: `api:messages.${message}`, params: {} };
  const rule = (name: string, params: Record<string, unknown> = {}) => ({
    key: `validation:rules.${name}`,
    params: stringify(params),
  });
  const zod = (name: string, params: Record<string, unknown> = {}) => ({
    key: `api:zod.${name}`,
    params: stringify(params),
  });
  const origin = props.origin;
  const list = origin === 'array' || origin === 'set';
  const numeric = origin === 'number' || origin === 'int' || origin === 'bigint';
  switch (code) {
    case 'invalid_type': {
      if (value === undefined || value === null) return rule('required');
      const expected = props.expected;
      if (expected === 'int') return rule('integer');
      if (expected === 'number' || expected === 'bigint') return zod('number');
      if (expected === 'string') return zod('text');
      if (expected === 'boolean') return zod('boolean');
      if (expected === 'array') return zod('list');
      break;
    }
    case 'too_small': {
      const min = props.minimum;
      if (origin === 'string') {
        if (props.exact === true) return rule('length', { length: min });
        return Number(min) <= 1 ? rule('required') : rule('min', { length: min });
      }
      if (numeric)
        return props.inclusive === false ? zod('greaterThan', { min }) : rule('min_value', { min });
      if (list) return Number(min) <= 1 ? rule('required') : zod('minItems', { min });
      break;
    }
    case 'too_big': {
      const max = props.maximum;
      if (origin === 'string') {
        return props.exact === true ? rule('length', { length: max }) : rule('max', { length: max });
      }
      if (numeric) return props.inclusive === false ? zod('lessThan', { max }) : rule('max_value', { max });
      if (list) return zod('maxItems', { max });
      break;
    }
    case 'invalid_format':
      if (props.format === 'email') return rule('email');
      if (props.format === 'url') return rule('url');
      return rule('regex');
    case 'invalid_value':
      return rule('one_of');
    case 'not_multiple_of':
      return zod('multipleOf', { divisor: props.divisor });
    case 'invalid_union': {
      // Every option failed: a contract message of one of them says more than "is not valid".
      const nested = (Array.isArray(props.errors) ? props.errors.flat() : []) as { message?: unknown }[];
      const own = nested.find((i) => typeof i?.message === 'string' && isMessageKey(i.message));
      if (own) return { key: `api:messages.${String(own.message)}`, params: {} };
      break;
    }
  }
  return { key: 'validation:default', params: {} };
}

function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
}

/**
 * How a contract's message reads under a form field: the catalogue's short messages ("must be an income
 * category", "já existe") are fragments that get the field's name in front (`prefix`); those starting with
 * an article only get a capital letter (`capitalize`); sentences stay as they are (`sentence`).
 */
export function fragmentKind(message: string): 'sentence' | 'capitalize' | 'prefix' {
  const first = message.charAt(0);
  if (first === '' || first !== first.toLocaleLowerCase()) return 'sentence';
  if (/^(a|an|the|uma?|o|os|as)\s/i.test(message)) return 'capitalize';
  return 'prefix';
}
