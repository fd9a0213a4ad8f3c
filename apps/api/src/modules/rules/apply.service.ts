import {
  type Entry,
  OPERATIONS,
  type RuleApplyResult,
  type RulePreview,
  type RulePreviewBody,
  rulePreviewBodySchema,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { nowIso } from '../../lib/time.ts';
import { type LogRequest, recordAccountLog } from '../identity/index.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import {
  type EntryRow,
  insertEntryTags,
  parseTagIds,
  toEntry,
  updateEntries,
} from '../money-core/entry-rows.repository.ts';
import { compileRules, type RuleOutcome } from './engine.ts';
import { addMatchCounts, findEntryRowsByIds, findRuleSubjects } from './rules.repository.ts';
import { checkConditions, ruleOr404 } from './rules.service.ts';
import { compileOne } from './run.ts';

/**
 * POST /rule/preview: every existing entry the conditions match (categorised or not), how many of them are
 * uncategorised (what apply would change), and the first page, newest first. The conditions are compiled
 * once and run over the user's entries in the application: folding accents and RE2 cannot run in SQL alike
 * on both dialects, and a user's entries (a few columns each) fit in memory.
 */
export async function previewRule(db: Db, userId: number, input: RulePreviewBody): Promise<RulePreview> {
  const body = rulePreviewBodySchema.parse(input);
  await checkConditions(db, userId, body.conditions);
  const rules = compileRules([
    { id: 0, match: body.match, conditions: body.conditions, actions: {}, categoryType: null },
  ]);
  const matched = (await findRuleSubjects(db, userId, false)).filter((s) => rules.matches(s));
  const uncategorised = matched.filter(
    (s) =>
      s.category_id === null &&
      (s.operation_id === OPERATIONS.income || s.operation_id === OPERATIONS.expense),
  ).length;
  matched.sort((x, y) => (x.date === y.date ? Number(y.id) - Number(x.id) : x.date < y.date ? 1 : -1));
  const pageIds = matched.slice(0, body.per_page).map((s) => Number(s.id));
  const byId = new Map((await findEntryRowsByIds(db, userId, pageIds)).map((r) => [Number(r.id), r]));
  const data = pageIds.map((id) => byId.get(id)).filter((r): r is EntryRow => r !== undefined);
  return { count: matched.length, uncategorised, data: data.map((r): Entry => toEntry(r)) };
}

const EDITED = ['category_id', 'sub_category_id', 'description', 'operation_id', 'tag_ids'] as const;

/** The entry as the rule's outcome leaves it (tags are added to the entry's own). */
function changed(row: EntryRow, outcome: RuleOutcome, stamp: string): EntryRow {
  const tags = parseTagIds(row.tag_ids);
  for (const id of outcome.tags?.ids ?? []) if (!tags.includes(id)) tags.push(id);
  return {
    ...row,
    category_id: outcome.category?.category_id ?? row.category_id,
    sub_category_id: outcome.category ? outcome.category.sub_category_id : row.sub_category_id,
    description: outcome.description?.value ?? row.description,
    operation_id: outcome.operation_id?.value ?? row.operation_id,
    tag_ids: tags.join(','),
    updated_at: stamp,
  };
}

/**
 * POST /rule/{id}/apply: the rule over the user's uncategorised income and expenses, in one transaction —
 * each entry changed through the money core's effects (so balances, category totals, budgets and reports
 * follow), the rule's match count raised, and one account-log line.
 */
export function applyRule(db: Db, userId: number, id: number, request: LogRequest): Promise<RuleApplyResult> {
  return inTransaction(db, async (trx) => {
    const rule = await ruleOr404(trx, userId, id);
    const rules = await compileOne(trx, userId, rule);
    const decided = new Map<number, RuleOutcome>();
    for (const subject of await findRuleSubjects(trx, userId, true)) {
      const outcome = rules.decide(subject);
      if (outcome) decided.set(Number(subject.id), outcome);
    }
    const stamp = nowIso();
    // Only entries the rule really changes (a rule may match an entry it already renamed or tagged).
    const pairs = (await findEntryRowsByIds(trx, userId, [...decided.keys()]))
      .map((row) => ({ row, next: changed(row, decided.get(Number(row.id)) as RuleOutcome, stamp) }))
      .filter(({ row, next }) => EDITED.some((k) => row[k] !== next[k]));
    const before = pairs.map((p) => p.row);
    const after = pairs.map((p) => p.next);
    if (after.length > 0) {
      await applyEntryChanges(trx, userId, before, after);
      await writeChanges(trx, userId, before, after);
      await addMatchCounts(trx, userId, new Map([[Number(rule.id), after.length]]));
    }
    await recordAccountLog(trx, userId, 'rule_applied', request, {
      rule_id: Number(rule.id),
      name: rule.name,
      updated: after.length,
    });
    return { updated: after.length };
  });
}

/** The rows written in groups of equal changes (one UPDATE each), and the tag links the rule added. */
async function writeChanges(trx: Db, userId: number, before: EntryRow[], after: EntryRow[]) {
  const groups = new Map<string, { values: Partial<Omit<EntryRow, 'id'>>; ids: number[] }>();
  const newTags = new Map<string, { tags: number[]; ids: number[] }>();

  after.forEach((row, i) => {
    const values = {
      category_id: row.category_id,
      sub_category_id: row.sub_category_id,
      description: row.description,
      operation_id: row.operation_id,
      tag_ids: row.tag_ids,
      updated_at: row.updated_at,
    };
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { values, ids: [] as number[] };
    group.ids.push(Number(row.id));
    groups.set(key, group);
    const had = new Set(parseTagIds((before[i] as EntryRow).tag_ids));
    const added = parseTagIds(row.tag_ids).filter((t) => !had.has(t));
    if (added.length > 0) {
      const tagKey = added.join(',');
      const tagGroup = newTags.get(tagKey) ?? { tags: added, ids: [] as number[] };
      tagGroup.ids.push(Number(row.id));
      newTags.set(tagKey, tagGroup);
    }
  });
  for (const { values, ids } of groups.values()) {
    for (let i = 0; i < ids.length; i += 500) await updateEntries(trx, userId, ids.slice(i, i + 500), values);
  }
  for (const { tags, ids } of newTags.values()) await insertEntryTags(trx, userId, ids, tags);
}
