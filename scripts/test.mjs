// `npm test`: every check and test, failing fast. See README "Tests".
//
// Lint and types run first (seconds). Then the unit and API suites run side by side, TEST_JOBS at a time
// (default: the machine's cores, at least 2): each vitest run keeps one worker on a 2-core machine, and the
// PostgreSQL run spends much of its time waiting on the server, so two runs fill the cores one run leaves
// half idle. The browser tests come last, on the web build made alongside the suites.
// Each step's output is kept and printed whole when the step ends, so parallel steps never interleave.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { delimiter, dirname } from 'node:path';
import { buildWeb, propertySeed, root, startThrowawayPostgres } from './lib.mjs';

const bin = (name) => `${root}/node_modules/.bin/${name}`;
// Names (or prefixes: `unit` is both unit runs) of the steps to run; none: all of them.
const selected = process.argv.slice(2);
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.max(2, availableParallelism()));

// Anything a test spawns as plain `node` gets this Node too.
process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
// One fast-check seed for every step, printed so a failure replays (PROPERTY_SEED=<seed> npm test).
process.env.PROPERTY_SEED = propertySeed();
console.log(
  `Centavo tests: node ${process.version}, ${jobs} steps at a time, PROPERTY_SEED=${process.env.PROPERTY_SEED}`,
);

/**
 * Time zones: the suites run in zones on both sides of UTC (the product's users are in Brazil, UTC-3), so a
 * date computed from the local clock instead of UTC, or the user's zone, fails somewhere.
 */
const vitest = (args, env = {}) => ({ cmd: process.execPath, args: [bin('vitest'), 'run', ...args], env });

/** The web build, made once: the `build` step makes it, the browser tests wait for it. */
let building;
const webBuilt = () => {
  building ??= buildWeb();
  return building;
};

/** Stages run in order; the steps of a stage run in parallel. Each step: a command, or a function. */
const stages = [
  [
    { name: 'lint', cmd: process.execPath, args: [bin('biome'), 'check', '.'] },
    {
      name: 'types',
      // tsc 7 (native) checks a project in seconds: one after the other keeps the log readable.
      sequence: ['packages/shared', 'apps/api', 'apps/web', 'bench'].map((project) => ({
        cmd: process.execPath,
        args: [bin('tsc'), '-p', project, '--noEmit'],
      })),
    },
  ],
  [
    { name: 'api-postgres', ...vitest(['--project', 'api'], { TEST_DB: 'postgres', TZ: 'Asia/Tokyo' }) },
    { name: 'api-sqlite', ...vitest(['--project', 'api'], { TEST_DB: 'sqlite', TZ: 'America/Sao_Paulo' }) },
    // The page tests (jsdom, most of the unit time) once, in Brazil's zone; the shared date and money code in
    // UTC too.
    {
      name: 'unit',
      ...vitest(['--project', 'shared', '--project', 'web', '--project', 'web-modules'], {
        TZ: 'America/Sao_Paulo',
      }),
    },
    { name: 'unit-utc', ...vitest(['--project', 'shared'], { TZ: 'UTC' }) },
    { name: 'build', run: () => webBuilt(), for: 'e2e' },
    // The browser tests start once the build is there, beside whatever suite is still running (the PostgreSQL
    // one ran its last ~40 s alone, half the machine idle); their progress is printed as it comes.
    {
      name: 'e2e',
      live: true,
      before: () => webBuilt(),
      cmd: process.execPath,
      args: [bin('playwright'), 'test', '-c', 'apps/web/playwright.config.ts'],
    },
  ],
];

const wanted = (name) => !selected.length || selected.some((s) => name === s || name.startsWith(`${s}-`));
const running = new Set();
let stopping = false;

/** Stops every running step with whatever it started (servers, browsers): each is its own process group. */
function stopAll(signal = 'SIGTERM') {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {}
  }
}
// The steps are not in the terminal's process group: Ctrl-C (or a kill of this script) is passed on.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    stopAll(signal);
    process.exit(130);
  });

/**
 * Runs one command; resolves to its exit code. `output`: an array collecting what it prints, or null to let
 * it print as it goes (a step running alone, e.g. the browser tests, shows its progress).
 */
function spawnStep({ cmd, args, env }, output) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', output ? 'pipe' : 'inherit', output ? 'pipe' : 'inherit'],
      detached: true,
    });
    running.add(child);
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function runStep(step, alone) {
  const output = alone ? null : [];
  const say = (text) => (output ? output.push(Buffer.from(text)) : process.stdout.write(text));
  const started = Date.now();
  console.log(alone ? `\n=== ${step.name} ===` : `--- ${step.name}: started`);
  let code = 0;
  let server;
  try {
    if (step.name === 'api-postgres' && !process.env.TEST_DATABASE_URL) {
      say('TEST_DATABASE_URL not set: starting a throwaway PostgreSQL…\n');
      server = await startThrowawayPostgres();
      step.env.TEST_DATABASE_URL = server.url;
    }
    if (step.before) await step.before();
    if (step.run) await step.run();
    else
      for (const part of step.sequence ?? [step]) {
        code = await spawnStep(part, output);
        if (code !== 0 || stopping) break;
      }
  } catch (error) {
    say(`${error instanceof Error ? error.message : error}\n`);
    code = 1;
  } finally {
    server?.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const verdict = code === 0 ? 'passed' : stopping ? 'stopped' : 'FAILED';
  if (output) {
    console.log(`\n=== ${step.name} ===`);
    process.stdout.write(Buffer.concat(output));
  }
  console.log(`=== ${step.name}: ${verdict} in ${seconds} s ===`);
  return code;
}

/** Runs a stage's steps, `jobs` at a time, in the order listed (longest first); stops all on a failure. */
async function runStage(steps) {
  const queue = [...steps];
  const failed = [];
  const worker = async () => {
    for (let step = queue.shift(); step && !stopping; step = queue.shift()) {
      if ((await runStep(step, steps.length === 1 || step.live)) !== 0 && !stopping) {
        failed.push(step.name);
        stopping = true;
        stopAll();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, steps.length) }, worker));
  return failed;
}

const started = Date.now();
for (const stage of stages) {
  const steps = stage.filter((step) => (step.for ? wanted(step.for) : wanted(step.name)));
  if (!steps.length) continue;
  const failed = await runStage(steps);
  if (failed.length) {
    console.error(`\nFailed: ${failed.join(', ')} (PROPERTY_SEED=${process.env.PROPERTY_SEED})`);
    process.exit(1);
  }
}
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
