import { isEmpty, isRuleName, type RuleContext, type RuleName, rules } from './rules.ts';

/**
 * Rules for one field, either as the customer's string syntax ('required|min:8|confirmed:password') or as
 * an object ({ required: true, min: 8, one_of: ['a', 'b'] }).
 */
export type RuleSpec =
  | string
  | Partial<Record<RuleName, boolean | string | number | readonly (string | number)[]>>;

export interface ParsedRule {
  name: RuleName;
  params: string[];
}

/** A failed rule: what the message needs (rule name and its parameters by name). */
export interface ValidationFailure {
  rule: RuleName;
  params: Record<string, string>;
}

/** Names of each rule's parameters, so messages can say `{min}` instead of `{0}`. */
const PARAM_NAMES: Partial<Record<RuleName, readonly string[]>> = {
  between: ['min', 'max'],
  confirmed: ['target'],
  digits: ['length'],
  dimensions: ['width', 'height'],
  is: ['other'],
  is_not: ['other'],
  length: ['length'],
  max: ['length'],
  max_value: ['max'],
  min: ['length'],
  min_value: ['min'],
  regex: ['pattern'],
  size: ['size'],
};

/** Parses a rule spec; an unknown rule name is an error (spec §5), thrown at once. */
export function parseRules(spec: RuleSpec): ParsedRule[] {
  if (typeof spec === 'string') {
    return spec
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const colon = part.indexOf(':');
        const name = colon === -1 ? part : part.slice(0, colon);
        // regex patterns may contain commas, so they are never split.
        const raw = colon === -1 ? '' : part.slice(colon + 1);
        if (!isRuleName(name)) throw new Error(`Unknown validation rule "${name}"`);
        const params = raw === '' ? [] : name === 'regex' ? [raw] : raw.split(',');
        return { name, params };
      });
  }
  return Object.entries(spec).flatMap(([name, value]) => {
    if (!isRuleName(name)) throw new Error(`Unknown validation rule "${name}"`);
    if (value === false || value === undefined) return [];
    const params = value === true ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
    return [{ name, params }];
  });
}

function namedParams(rule: ParsedRule): Record<string, string> {
  const names = PARAM_NAMES[rule.name];
  if (!names) return { values: rule.params.join(', ') };
  return Object.fromEntries(names.map((name, i) => [name, rule.params[i] ?? '']));
}

/** Runs the rules in order and returns the first failure, or null when the value is valid. */
export function validateValue(
  value: unknown,
  spec: RuleSpec,
  context: RuleContext = { values: {} },
): ValidationFailure | null {
  const parsed = parseRules(spec);
  for (const rule of parsed) {
    if (rule.name !== 'required' && isEmpty(value)) continue;
    if (!rules[rule.name](value, rule.params, context)) {
      return { rule: rule.name, params: namedParams(rule) };
    }
  }
  return null;
}

/** Validates several fields at once; returns only the failing ones. */
export function validateValues(
  values: Record<string, unknown>,
  specs: Record<string, RuleSpec>,
): Record<string, ValidationFailure> {
  const failures: Record<string, ValidationFailure> = {};
  for (const [field, spec] of Object.entries(specs)) {
    const failure = validateValue(values[field], spec, { values });
    if (failure) failures[field] = failure;
  }
  return failures;
}
