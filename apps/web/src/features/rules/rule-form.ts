import type { Rule, RuleBodyInput, RuleCondition, RuleField, RuleOp } from '@centavo/shared';
import { RULE_OPS_BY_FIELD } from '@centavo/shared/contracts/rules';
import { parseMoney } from '@centavo/shared/money';

/**
 * The rule form's values and the body they make (POST /rule, PUT /rule/{id}). Each condition keeps every kind
 * of value its field may take (text, a list, a range, ids) so that switching the operator keeps what was typed.
 */
export interface ConditionValues {
  field: RuleField;
  op: RuleOp;
  /** Text (description), an amount as typed (value), or one id (account, card, operation). */
  text: string;
  /** `one_of`: texts or amounts as typed, or ids. */
  list: string[];
  /** `between`: amounts as typed. */
  min: string;
  max: string;
}

export interface RuleFormValues extends Record<string, unknown> {
  name: string;
  match: 'all' | 'any';
  conditions: ConditionValues[];
  category_id: string | null;
  sub_category_id: string | null;
  description: string;
  /** '' keeps the operation. */
  operation_id: string;
  /** Kept as the rule has them (the form does not edit tags). */
  tags: number[];
  enabled: boolean;
  on_create: boolean;
}

export const emptyCondition = (field: RuleField = 'description'): ConditionValues => ({
  field,
  op: RULE_OPS_BY_FIELD[field][0] as RuleOp,
  text: '',
  list: [],
  min: '',
  max: '',
});

export function emptyRuleValues(): RuleFormValues {
  return {
    name: '',
    match: 'all',
    conditions: [emptyCondition()],
    category_id: null,
    sub_category_id: null,
    description: '',
    operation_id: '',
    tags: [],
    enabled: true,
    on_create: false,
  };
}

/** Minor units → the text an amount field shows ("1234.5" style; MoneyInput reformats it on blur). */
const amountText = (cents: number, digits: number) =>
  digits === 0 ? String(cents) : (cents / 10 ** digits).toFixed(digits);

function conditionValues(c: RuleCondition, digits: number): ConditionValues {
  const base = { ...emptyCondition(c.field), op: c.op };
  const show = (v: string | number) => (c.field === 'value' ? amountText(Number(v), digits) : String(v));
  if (Array.isArray(c.value)) {
    if (c.op === 'between') return { ...base, min: show(c.value[0] ?? 0), max: show(c.value[1] ?? 0) };
    return { ...base, list: (c.value as Array<string | number>).map(show) };
  }
  return { ...base, text: show(c.value) };
}

export function ruleFormValues(rule: Rule | null, digits: number): RuleFormValues {
  if (!rule) return emptyRuleValues();
  return {
    name: rule.name,
    match: rule.match,
    conditions: rule.conditions.map((c) => conditionValues(c as RuleCondition, digits)),
    category_id: rule.actions.category_id == null ? null : String(rule.actions.category_id),
    sub_category_id: rule.actions.sub_category_id == null ? null : String(rule.actions.sub_category_id),
    description: rule.actions.description ?? '',
    operation_id: rule.actions.operation_id == null ? '' : String(rule.actions.operation_id),
    tags: rule.actions.tags ?? [],
    enabled: rule.enabled,
    on_create: rule.on_create,
  };
}

/** One condition as the API takes it; an amount that does not parse is sent as text (and refused, 422). */
export function conditionBody(c: ConditionValues, digits: number): RuleCondition {
  const amount = (text: string) => parseMoney(text, digits) ?? text;
  const single = (text: string) =>
    c.field === 'description' ? text.trim() : c.field === 'value' ? amount(text) : Number(text);
  if (c.op === 'between')
    return { field: c.field, op: c.op, value: [amount(c.min), amount(c.max)] } as RuleCondition;
  if (c.op === 'one_of') return { field: c.field, op: c.op, value: c.list.map(single) } as RuleCondition;
  return { field: c.field, op: c.op, value: single(c.text) } as RuleCondition;
}

export function ruleBody(values: RuleFormValues, digits: number): RuleBodyInput {
  const actions: RuleBodyInput['actions'] = {};
  if (values.category_id) {
    actions.category_id = Number(values.category_id);
    actions.sub_category_id = values.sub_category_id ? Number(values.sub_category_id) : null;
  }
  if (values.description.trim()) actions.description = values.description.trim();
  if (values.operation_id === '1' || values.operation_id === '2') {
    actions.operation_id = Number(values.operation_id) as 1 | 2;
  }
  if (values.tags.length > 0) actions.tags = values.tags;
  return {
    name: values.name.trim(),
    match: values.match,
    conditions: values.conditions.map((c) => conditionBody(c, digits)),
    actions,
    enabled: values.enabled,
    on_create: values.on_create,
  };
}

/** A field's operators; a new field keeps the operator when it has it, else takes its first. */
export function withField(c: ConditionValues, field: RuleField): ConditionValues {
  const ops = RULE_OPS_BY_FIELD[field];
  return { ...emptyCondition(field), op: ops.includes(c.op) ? c.op : (ops[0] as RuleOp) };
}
