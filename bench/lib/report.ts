/**
 * Result model and printing. Every metric carries its own target; a metric compared with a same-run
 * baseline carries the baseline and the ratio, and the target may apply to the ratio rather than the value
 * (QUALITY.md: these machines are noisy, so ratios are what we trust).
 */

export type Verdict = 'PASS' | 'FAIL' | 'INFO' | 'SKIP';

export interface Target {
  /**
   * What the target applies to: the raw value, value/baseline, or the speed-up baseline/value (times, with a
   * peer's time as the baseline: "≥ 20× faster" than it).
   */
  on: 'value' | 'ratio' | 'speedup';
  op: '<=' | '>=';
  limit: number;
}

export interface Metric {
  name: string;
  value: number | null;
  unit: string;
  baseline?: number | null;
  baselineName?: string;
  target?: Target;
  verdict: Verdict;
  note?: string;
}

export interface BenchResult {
  name: string;
  title: string;
  metrics: Metric[];
  /** Free-form facts worth keeping in the JSON (sample arrays, versions, dataset ids). */
  details: Record<string, unknown>;
  /** Set when the benchmark could not run (missing route, page, build); its metrics are then SKIP. */
  skipped?: string;
  error?: string;
  seconds: number;
}

export function ratioOf(m: Pick<Metric, 'value' | 'baseline'>): number | null {
  if (m.value === null || m.baseline === null || m.baseline === undefined || m.baseline === 0) return null;
  return m.value / m.baseline;
}

export function speedupOf(m: Pick<Metric, 'value' | 'baseline'>): number | null {
  if (m.value === null || m.value === 0 || m.baseline === null || m.baseline === undefined) return null;
  return m.baseline / m.value;
}

/** Builds a metric and decides its verdict from the target (INFO when it has none). */
export function metric(input: Omit<Metric, 'verdict'> & { verdict?: Verdict }): Metric {
  const m: Metric = { ...input, verdict: input.verdict ?? 'INFO' };
  if (input.verdict) return m;
  if (!m.target) return m;
  const subject = m.target.on === 'ratio' ? ratioOf(m) : m.target.on === 'speedup' ? speedupOf(m) : m.value;
  if (subject === null || Number.isNaN(subject)) {
    m.verdict = 'FAIL';
    return m;
  }
  m.verdict = (m.target.op === '<=' ? subject <= m.target.limit : subject >= m.target.limit)
    ? 'PASS'
    : 'FAIL';
  return m;
}

export function formatNumber(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const abs = Math.abs(value);
  let text: string;
  if (abs >= 100_000) text = Math.round(value).toLocaleString('en-US');
  else if (abs >= 100) text = value.toFixed(0);
  else if (abs >= 10) text = value.toFixed(1);
  else if (Number.isInteger(value)) text = String(value);
  else if (abs >= 1) text = value.toFixed(2);
  else text = value.toFixed(3);
  return unit ? `${text} ${unit}` : text;
}

export function formatTarget(m: Metric): string {
  if (!m.target) return '—';
  const t = m.target;
  if (t.on === 'speedup') return `${t.op} ${t.limit}× faster`;
  return t.on === 'ratio' ? `ratio ${t.op} ${t.limit}` : `${t.op} ${formatNumber(t.limit, m.unit)}`;
}

function rows(result: BenchResult): string[][] {
  return result.metrics.map((m) => {
    const speedup = m.target?.on === 'speedup';
    const ratio = speedup ? speedupOf(m) : ratioOf(m);
    return [
      m.name,
      formatNumber(m.value, m.unit),
      m.baseline === undefined
        ? '—'
        : `${formatNumber(m.baseline, m.unit)}${m.baselineName ? ` (${m.baselineName})` : ''}`,
      ratio === null ? '—' : `${ratio.toFixed(speedup ? 1 : 2)}×${speedup ? ' faster' : ''}`,
      formatTarget(m),
      m.verdict,
      m.note ?? '',
    ];
  });
}

const HEADER = ['metric', 'value', 'baseline (same run)', 'ratio', 'target', 'result', 'note'];

/** A plain-text table for the terminal. */
export function printResult(result: BenchResult): void {
  const head = `== ${result.title} (${result.name}, ${result.seconds.toFixed(0)} s)`;
  console.log(`\n${head}`);
  if (result.skipped) console.log(`   SKIPPED: ${result.skipped}`);
  if (result.error) console.log(`   ERROR: ${result.error}`);
  const body = rows(result);
  if (body.length === 0) return;
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(HEADER));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of body) console.log(line(r));
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** The Markdown summary committed with the results. */
export function markdownSummary(results: BenchResult[], meta: Record<string, string>): string {
  const out: string[] = ['# Centavo benchmarks', ''];
  for (const [key, value] of Object.entries(meta)) out.push(`- ${key}: ${value}`);
  const all = results.flatMap((r) => r.metrics);
  const count = (v: Verdict) => all.filter((m) => m.verdict === v).length;
  out.push(
    `- verdicts: ${count('PASS')} PASS, ${count('FAIL')} FAIL, ${count('INFO')} INFO, ${count('SKIP')} SKIP`,
    '',
    'Ratios are against baselines measured in the same run (bare Fastify route, the route’s own SQL in-process, …).',
    '',
  );
  for (const result of results) {
    const load = result.details.loadAverage as { before: number; after: number } | undefined;
    const loadText = load
      ? `, load average ${load.before.toFixed(1)} → ${load.after.toFixed(1)} on 2 cores`
      : '';
    out.push(`## ${result.title} (\`${result.name}\`, ${result.seconds.toFixed(0)} s${loadText})`, '');
    if (result.skipped) out.push(`**Skipped:** ${result.skipped}`, '');
    if (result.error) out.push(`**Error:** ${escapeCell(result.error)}`, '');
    const body = rows(result);
    if (body.length > 0) {
      out.push(`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`);
      for (const r of body) out.push(`| ${r.map(escapeCell).join(' | ')} |`);
      out.push('');
    }
  }
  return `${out.join('\n')}\n`;
}
