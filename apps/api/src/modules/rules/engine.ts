import {
  foldText,
  OPERATIONS,
  RULE_SUBJECT_MAX,
  type RuleActions,
  type RuleCondition,
  type RuleMatch,
} from '@centavo/shared';
import { RE2JS } from 're2js';

/**
 * The rules engine (DESIGN.md §9): pure, no I/O. Rules are compiled once per run (text folded, regular
 * expressions built, lists turned into sets) and then decide for any number of subjects: an import row, an
 * entry being created, an existing entry. Conditions read the subject as it came in; for each action field
 * the first matching rule in priority order wins.
 */

/** What a rule looks at: an entry or an import row. */
export interface RuleSubject {
  description: string;
  value: number | null;
  account_id: number | null;
  card_id: number | null;
  operation_id: number | null;
}

/** A rule as loaded to run: its actions already checked against the user's categories (see rules.service). */
export interface RunnableRule {
  id: number;
  match: RuleMatch;
  conditions: readonly RuleCondition[];
  actions: RuleActions;
  /** The type (income | expense) of the action's category; null when the rule sets no category. */
  categoryType: string | null;
}

/** The subject once per run: the description folded (case and accents) and with accents only stripped. */
interface Prepared {
  folded: string;
  /** For `matches`: accents stripped, case kept (the expression is compiled case-insensitive). */
  plain: string;
  /** `plain` in lower case for the literal prefilter, made on first use. */
  lower?: string;
  subject: RuleSubject;
}

/**
 * The text the prefilter searches: lower case, with the two non-ASCII letters RE2's case folding equates with
 * ASCII ones made ASCII (ſ → s; the Kelvin sign K already lowers to k).
 */
function lowerOf(s: Prepared): string {
  if (s.lower === undefined) s.lower = s.plain.toLowerCase().replace(/ſ/g, 's');
  return s.lower;
}

const LITERAL = /[A-Za-z0-9 ]/;

/**
 * What every match of the pattern contains, as lists of which at least one must be in the text (lower case,
 * ≥ 2 characters each): runs of plain ASCII letters, digits and spaces at the pattern's top level, leaving out a
 * character a quantifier makes optional (`*`, `?`, `{`); and a top-level group of plain alternatives
 * (`(uber|99)`, not made optional by a quantifier). Classes, escapes, other groups and anything else end a run;
 * a top-level `|` means nothing is required. Conservative by construction.
 */
export function requiredLiterals(pattern: string): string[][] {
  const out: string[][] = [];
  let run = '';
  let depth = 0;
  const flush = () => {
    if (run.length >= 2) out.push([run.toLowerCase()]);
    run = '';
  };
  /** `(a|bc)` or `(?:a|bc)` at i, all alternatives plain: them (when ≥ 2 characters each) and where it ends. */
  const plainGroup = (i: number): { options: string[] | null; end: number } | null => {
    const close = pattern.indexOf(')', i);
    if (close < 0) return null;
    const inner = pattern.slice(i + 1, close).replace(/^\?:/, '');
    if (!/^[A-Za-z0-9 |]+$/.test(inner)) return null;
    const options = inner.split('|');
    const quantified = ['*', '?', '{'].includes(pattern[close + 1] ?? '');
    const usable = !quantified && options.every((o) => o.length >= 2);
    return { options: usable ? options.map((o) => o.toLowerCase()) : null, end: close };
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      flush();
      i++;
      continue;
    }
    if (ch === '[') {
      flush();
      // A class: skip to its closing bracket (a first `]` or `^]` is a member, escapes skip a character).
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if (ch === '(') {
      flush();
      const group = depth === 0 ? plainGroup(i) : null;
      if (group) {
        if (group.options) out.push(group.options);
        i = group.end;
        continue;
      }
      depth++;
      continue;
    }
    if (ch === ')') {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (depth > 0) continue;
    if (ch === '|') return [];
    const next = pattern[i + 1];
    if (!LITERAL.test(ch)) {
      flush();
      continue;
    }
    if (next === '*' || next === '?' || next === '{') {
      flush();
      continue;
    }
    run += ch;
    if (next === '+') flush();
  }
  flush();
  return out;
}

type Predicate = (s: Prepared) => boolean;

/** Distinct texts remembered per regular expression in one run (a 30 000-row statement has far fewer). */
const MEMO_MAX = 50_000;

/** The decision of the rules for one subject; each action names the rule that set it. */
export interface RuleOutcome {
  category?: { category_id: number; sub_category_id: number | null; rule_id: number };
  tags?: { ids: number[]; rule_id: number };
  description?: { value: string; rule_id: number };
  operation_id?: { value: number; rule_id: number };
}

export interface CompiledRules {
  /** How many rules are compiled (disabled rules are left out by the caller). */
  size: number;
  decide(subject: RuleSubject): RuleOutcome | null;
  /** Whether one rule's conditions match (preview and apply run a single rule). */
  matches(subject: RuleSubject): boolean;
}

/** Accents stripped (combining marks only: a pattern's `^` or `\D` must survive), text capped. */
function stripMarks(text: string): string {
  return text.slice(0, RULE_SUBJECT_MAX).normalize('NFD').replace(/\p{M}/gu, '');
}

function prepare(subject: RuleSubject): Prepared {
  const capped = subject.description.slice(0, RULE_SUBJECT_MAX);
  return { folded: foldText(capped), plain: stripMarks(capped), subject };
}

/**
 * A `matches` pattern in RE2's linear-time engine (re2js, pure JavaScript): no backtracking, so no pattern can
 * take more than time proportional to the text. Throws on a pattern RE2 does not accept (lookarounds,
 * back-references); the service turns that into a 422 when the rule is saved.
 */
export function compilePattern(pattern: string): RE2JS {
  return RE2JS.compile(stripMarks(pattern), RE2JS.CASE_INSENSITIVE);
}

function textPredicate(op: RuleCondition['op'], value: RuleCondition['value']): Predicate {
  if (op === 'matches') {
    const re = compilePattern(String(value));
    const literals = requiredLiterals(stripMarks(String(value)));
    // A statement repeats its merchants: each distinct text is run once per compiled rule (bounded memo).
    const seen = new Map<string, boolean>();
    return (s) => {
      let hit = seen.get(s.plain);
      if (hit === undefined) {
        // RE2 costs microseconds a run: a text without a literal the pattern requires cannot match.
        hit = literals.every((any) => any.some((l) => lowerOf(s).includes(l))) && re.test(s.plain);
        if (seen.size < MEMO_MAX) seen.set(s.plain, hit);
      }
      return hit;
    };
  }
  if (op === 'one_of') {
    const set = new Set((value as string[]).map(foldText));
    return (s) => set.has(s.folded);
  }
  const needle = foldText(String(value));
  switch (op) {
    case 'contains':
      return (s) => s.folded.includes(needle);
    case 'is':
      return (s) => s.folded === needle;
    case 'starts_with':
      return (s) => s.folded.startsWith(needle);
    case 'ends_with':
      return (s) => s.folded.endsWith(needle);
    default:
      return () => false;
  }
}

function numberPredicate(
  read: (s: RuleSubject) => number | null,
  op: RuleCondition['op'],
  value: RuleCondition['value'],
): Predicate {
  if (op === 'one_of') {
    const set = new Set(value as number[]);
    return (s) => {
      const v = read(s.subject);
      return v !== null && set.has(v);
    };
  }
  if (op === 'between') {
    const [min, max] = value as [number, number];
    return (s) => {
      const v = read(s.subject);
      return v !== null && v >= min && v <= max;
    };
  }
  const n = value as number;
  const test =
    op === 'gt' ? (v: number) => v > n : op === 'lt' ? (v: number) => v < n : (v: number) => v === n;
  return (s) => {
    const v = read(s.subject);
    return v !== null && test(v);
  };
}

export function compileCondition(c: RuleCondition): Predicate {
  if (c.field === 'description') return textPredicate(c.op, c.value);
  const field = c.field;
  return numberPredicate((s) => s[field], c.op, c.value);
}

function compileConditions(match: RuleMatch, conditions: readonly RuleCondition[]): Predicate {
  const predicates = conditions.map(compileCondition);
  return match === 'any' ? (s) => predicates.some((p) => p(s)) : (s) => predicates.every((p) => p(s));
}

/**
 * Whether a category of this type may go on an entry of this operation: income on income, expense on expense,
 * and on a card a refund (income) may carry the purchase's expense category (as POST /entry allows).
 */
function categoryFits(type: string | null, subject: RuleSubject, operation: number | null): boolean {
  if (operation === OPERATIONS.income) {
    return type === 'income' || (type === 'expense' && subject.card_id !== null);
  }
  if (operation === OPERATIONS.expense) return type === 'expense';
  return false;
}

/** Compiles the rules, in the order given (the caller sorts by priority, then id). */
export function compileRules(rules: readonly RunnableRule[]): CompiledRules {
  const compiled = rules.map((rule) => ({ rule, test: compileConditions(rule.match, rule.conditions) }));
  // When no rule sets the operation, a category fits or not as soon as its rule matches, so a row stops at the
  // first rule past which nothing is left to decide (most rows: the first category rule that matches).
  const setsOperation = rules.some((r) => r.actions.operation_id != null);
  const setsLater = (field: 'tags' | 'description') => {
    const out: boolean[] = new Array(rules.length + 1).fill(false);
    for (let i = rules.length - 1; i >= 0; i--) {
      const a = (rules[i] as RunnableRule).actions;
      out[i] =
        (out[i + 1] as boolean) || (field === 'tags' ? (a.tags?.length ?? 0) > 0 : a.description != null);
    }
    return out;
  };
  const tagsLater = setsLater('tags');
  const descriptionLater = setsLater('description');
  const categoryLater: boolean[] = new Array(rules.length + 1).fill(false);
  for (let i = rules.length - 1; i >= 0; i--) {
    categoryLater[i] =
      (categoryLater[i + 1] as boolean) || (rules[i] as RunnableRule).actions.category_id != null;
  }
  const decideInOrder = (subject: RuleSubject, prepared: Prepared): RuleOutcome | null => {
    const out: RuleOutcome = {};
    for (let i = 0; i < compiled.length; i++) {
      if (
        (out.category || !categoryLater[i]) &&
        (out.tags || !tagsLater[i]) &&
        (out.description || !descriptionLater[i])
      ) {
        break;
      }
      const { rule, test } = compiled[i] as (typeof compiled)[number];
      if (!test(prepared)) continue;
      const a = rule.actions;
      if (!out.tags && a.tags && a.tags.length > 0) out.tags = { ids: a.tags, rule_id: rule.id };
      if (!out.description && a.description != null)
        out.description = { value: a.description, rule_id: rule.id };
      if (
        !out.category &&
        a.category_id != null &&
        categoryFits(rule.categoryType, subject, subject.operation_id)
      ) {
        out.category = {
          category_id: a.category_id,
          sub_category_id: a.sub_category_id ?? null,
          rule_id: rule.id,
        };
      }
    }
    return Object.keys(out).length === 0 ? null : out;
  };
  return {
    size: compiled.length,
    matches(subject) {
      const prepared = prepare(subject);
      return compiled.some((c) => c.test(prepared));
    },
    decide(subject) {
      const prepared = prepare(subject);
      if (!setsOperation) return decideInOrder(subject, prepared);
      const matched = compiled.filter((c) => c.test(prepared)).map((c) => c.rule);
      if (matched.length === 0) return null;
      const out: RuleOutcome = {};
      for (const rule of matched) {
        const a = rule.actions;
        if (!out.operation_id && a.operation_id != null)
          out.operation_id = { value: a.operation_id, rule_id: rule.id };
        if (!out.tags && a.tags && a.tags.length > 0) out.tags = { ids: a.tags, rule_id: rule.id };
        if (!out.description && a.description != null)
          out.description = { value: a.description, rule_id: rule.id };
      }
      // The category is chosen once the operation is known: a rule whose category does not fit is passed over.
      const operation = out.operation_id?.value ?? subject.operation_id;
      for (const rule of matched) {
        const categoryId = rule.actions.category_id;
        if (categoryId == null || !categoryFits(rule.categoryType, subject, operation)) continue;
        out.category = {
          category_id: categoryId,
          sub_category_id: rule.actions.sub_category_id ?? null,
          rule_id: rule.id,
        };
        break;
      }
      return Object.keys(out).length === 0 ? null : out;
    },
  };
}
