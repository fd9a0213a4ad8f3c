import type { RuleCondition } from '@centavo/shared';
import {
  compileRules,
  type RuleSubject,
  type RunnableRule,
} from '../../apps/api/src/modules/rules/engine.ts';
import { peerData } from '../datasets/peer.ts';
import { type BenchContext, type Benchmark, push } from '../lib/context.ts';
import { type BenchResult, metric } from '../lib/report.ts';

/**
 * Issue 21 / DESIGN.md §9 "30 000 import rows against 200 rules ≤ 1 s (rules compiled once per run)": D3's
 * 30 000 entries as import rows (their descriptions, values, accounts and operations) decided by 200 rules —
 * every operator, a fifth of them regular expressions — exactly as an import runs them (rules/engine.ts:
 * compiled once, then one decision per row, first match per action). Timed from compile to the last decision,
 * median of the runs; the baseline is the same rows through one rule, to show what 200 rules cost.
 */

const ROWS = 30_000;
const RULES = 200;

/** 200 rules over the dataset's own words: text operators, regular expressions, values, accounts, operations. */
function buildRules(subjects: readonly RuleSubject[]): RunnableRule[] {
  const words = [
    ...new Set(subjects.flatMap((s) => s.description.split(/\s+/)).filter((w) => /^\p{L}{4,}$/u.test(w))),
  ];
  const word = (i: number) => words[(i * 7) % words.length] ?? 'padaria';
  const accounts = [...new Set(subjects.map((s) => s.account_id))];
  const rules: RunnableRule[] = [];
  for (let i = 0; i < RULES; i++) {
    const kind = i % 10;
    const conditions: RuleCondition[] =
      kind < 2
        ? [{ field: 'description', op: 'matches', value: `^(${word(i)}|${word(i + 1)})\\b.*\\d*$` }]
        : kind === 2
          ? [{ field: 'description', op: 'starts_with', value: word(i) }]
          : kind === 3
            ? [{ field: 'description', op: 'ends_with', value: word(i) }]
            : kind === 4
              ? [{ field: 'description', op: 'one_of', value: [word(i), word(i + 2), word(i + 3)] }]
              : kind === 5
                ? [
                    { field: 'description', op: 'contains', value: word(i) },
                    { field: 'value', op: 'between', value: [1000 + i, 50_000 + i * 10] },
                  ]
                : kind === 6
                  ? [
                      { field: 'account_id', op: 'is', value: accounts[i % accounts.length] ?? 1 },
                      { field: 'description', op: 'is', value: word(i) },
                    ]
                  : kind === 7
                    ? [{ field: 'value', op: 'gt', value: 900_000 + i }]
                    : [{ field: 'description', op: 'contains', value: word(i) }];
    rules.push({
      id: i + 1,
      match: kind === 9 ? 'any' : 'all',
      conditions,
      actions: { category_id: 3 + (i % 10), sub_category_id: null },
      categoryType: 'expense',
    });
  }
  return rules;
}

function decideAll(rules: readonly RunnableRule[], subjects: readonly RuleSubject[]) {
  const started = performance.now();
  const compiled = compileRules(rules);
  let matched = 0;
  for (const s of subjects) if (compiled.decide(s)?.category) matched += 1;
  return { ms: performance.now() - started, matched };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export const rulesBench: Benchmark = {
  name: 'rules',
  title: 'Rules: 30 000 import rows against 200 rules',
  group: 'ledger',
  async run(ctx: BenchContext, result: BenchResult) {
    const data = await peerData('D3');
    const subjects: RuleSubject[] = data.entries.slice(0, ROWS).map((e) => ({
      description: e.description,
      value: e.value,
      account_id: e.account_id,
      card_id: null,
      // Import rows are income or expenses: the statement's sign.
      operation_id: e.operation_id === 1 ? 1 : 2,
    }));
    const rules = buildRules(subjects);
    const runs = ctx.quick ? 3 : 7;
    decideAll(rules, subjects.slice(0, 1000)); // warm-up: the JIT, not the measure
    const times: number[] = [];
    const baseline: number[] = [];
    let matched = 0;
    for (let i = 0; i < runs; i++) {
      baseline.push(decideAll(rules.slice(0, 1), subjects).ms);
      const run = decideAll(rules, subjects);
      times.push(run.ms);
      matched = run.matched;
    }
    const distinct = new Set(subjects.map((s) => s.description)).size;
    ctx.log(
      `${subjects.length} rows (${distinct} distinct descriptions), ${rules.length} rules, ${matched} categorised`,
    );
    // The worst case for the per-text memo of regular expressions: every description different.
    const unique = subjects.map((s, i) => ({ ...s, description: `${s.description} ${i}` }));
    const uniqueTimes: number[] = [];
    for (let i = 0; i < (ctx.quick ? 1 : 3); i++) uniqueTimes.push(decideAll(rules, unique).ms);
    push(
      result,
      metric({
        name: `${subjects.length.toLocaleString('en-US')} rows × ${rules.length} rules, compiled once (median of ${runs})`,
        value: median(times),
        unit: 'ms',
        baseline: median(baseline),
        baselineName: 'the same rows, 1 rule',
        target: { on: 'value', op: '<=', limit: 1000 },
        note: `${matched.toLocaleString('en-US')} rows categorised, ${distinct.toLocaleString('en-US')} distinct descriptions; ${rules.filter((r) => r.conditions.some((c) => c.op === 'matches')).length} rules are regular expressions (RE2, linear time)`,
      }),
    );
    push(
      result,
      metric({
        name: 'the same, every description different (no text repeats)',
        value: median(uniqueTimes),
        unit: 'ms',
        note: 'INFO: the regular expressions then run once per row each',
      }),
    );
  },
};
