#!/usr/bin/env node
// `npm run bench`: measures get-session, sign-in, sign-up, organization reads and writes and social sign-in against
// the compiled stack, each beside a baseline measured in the same run, and prints a Markdown table. See
// docs/performance.md.
//
//   BENCH_URL=http://host:port  use a running gateway instead of starting the stack (the Postgres scan
//                               counts and the cold path still use the bench database and Redis db 2)
//   BENCH_DURATION=10           seconds per measured phase
//   BENCH_SESSIONS=1000         distinct sessions the get-session phase cycles through
//   BENCH_WARMUP=15             seconds of load before each sign-in and sign-up phase, and at least
//   BENCH_WARMUP_REQUESTS=4000  this many requests (the processes reach their steady cost per write only
//                               after a few thousand writes)
//   BENCH_SIGN_IN_ROUNDS=3      sign-in's budget phases, each between two measurements of its baseline
//   BENCH_ONLY=get-session,sign-in,sign-in-overhead,sign-up,org-reads,org-writes,social-sign-in   run a subset
//   BENCH_ORG_MEMBERS=10000     members of org-reads' large organization
//   BENCH_SOCIAL_USERS=200      provider users the social sign-ins cycle through
//   BENCH_CPU_PROF=1            start the Node processes with --cpu-prof (profiles in BENCH_PROF_DIR,
//                               default /tmp/prof, one folder per app, written when the stack stops)
//   BENCH_VERBOSE=1             show the output of the spawned processes
//
// Exits 0 when budgets are missed (it is a report); non-zero only when something fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { machine, pidsNamed } from './lib/measure.mjs';
import { organizationReadsScenario } from './lib/organization-reads-scenario.mjs';
import { organizationWritesScenario } from './lib/organization-writes-scenario.mjs';
import { getSessionScenario } from './lib/session-scenario.mjs';
import { signInOverheadScenario, signInScenario, signUpScenario } from './lib/sign-in-scenarios.mjs';
import { socialSignInScenario } from './lib/social-scenario.mjs';
import { BENCH_DATABASE_URL, BENCH_REDIS_URL, startStack } from './lib/stack.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const SCENARIOS = {
  'get-session': getSessionScenario,
  'sign-in': signInScenario,
  'sign-in-overhead': signInOverheadScenario,
  'sign-up': signUpScenario,
  'org-reads': organizationReadsScenario,
  'org-writes': organizationWritesScenario,
  'social-sign-in': socialSignInScenario,
};
const duration = Number(process.env.BENCH_DURATION ?? 10);
const only = (process.env.BENCH_ONLY ?? Object.keys(SCENARIOS).join(',')).split(',').map((name) => name.trim());
const profileDir = process.env.BENCH_CPU_PROF === '1' ? (process.env.BENCH_PROF_DIR ?? '/tmp/prof') : undefined;

let stack;
let stopping;
function cleanUp() {
  stopping ??= stack ? stack.stop() : Promise.resolve();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the stack`);
    cleanUp().finally(() => process.exit(130));
  });
}

const fixed = (value, digits = 0) => (value === undefined ? '—' : value.toFixed(digits));

function table(rows) {
  const lines = [
    '| scenario | req/s | baseline req/s | ratio | p50 ms | p99 ms | budget | met? |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | :---: |',
  ];
  for (const row of rows) {
    const baseline = row.baseline === undefined ? '—' : `${fixed(row.baseline, 1)} (${row.baselineName})`;
    const ratio = row.ratio === undefined ? '—' : `${fixed(row.ratio * 100, 0)} %`;
    const { rps, p50, p99 } = row.result;
    // A row without a budget (met undefined) reports a figure for reading only.
    const met = row.met === undefined ? '—' : row.met ? 'yes' : '**no**';
    lines.push(
      `| ${row.scenario} | ${fixed(rps, 1)} | ${baseline} | ${ratio} | ${p50} | ${p99} | ${row.budget} | ${met} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  for (const name of only) if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name} in BENCH_ONLY`);
  let url = process.env.BENCH_URL?.replace(/\/$/, '');
  if (!url) {
    if (!existsSync('gateway/dist/main.js')) {
      console.log('gateway/dist/main.js is missing: running npm run build');
      const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error('npm run build failed');
    }
    console.log(`starting the stack${profileDir ? ` with --cpu-prof (profiles in ${profileDir})` : ''} …`);
    stack = await startStack({ cpuProfileDir: profileDir });
    url = stack.url;
    console.log(`stack ready at ${url} (NATS ${stack.natsUrl})`);
  }
  // A function: a scenario may restart the gateway, which changes its pid.
  const processes = () =>
    (stack?.processes ?? []).filter((managed) => managed.name !== 'nats').map(({ name, pid }) => ({ name, pid }));
  // Every process a request costs CPU in, for the per-request CPU split (Postgres backends come and go).
  const cpuGroups = () => [
    ...(stack?.processes ?? []).map(({ name, pid }) => ({ name, pids: [pid] })),
    { name: 'postgres', pids: () => pidsNamed('postgres') },
    { name: 'redis', pids: pidsNamed('redis-server') },
    { name: 'load generator', pids: [process.pid] },
  ];
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  const redis = new Redis(BENCH_REDIS_URL);
  const rows = [];
  try {
    for (const name of only) {
      const outcome = await SCENARIOS[name]({ url, stack, processes, cpuGroups, pg: db, redis, duration });
      rows.push(...outcome.rows);
    }
  } finally {
    await db.end();
    redis.disconnect();
  }
  const { cpu, cores, node } = machine();
  console.log(`\n## Summary\n\nMachine: ${cpu}, ${cores} cores, Node ${node}; ${duration} s per phase.\n`);
  console.log(table(rows));
}

try {
  await main();
  await cleanUp();
  if (profileDir)
    console.log(
      `\nCPU profiles written to ${profileDir} (one folder per app; summarise: node bench/profile-summary.mjs <file>)`,
    );
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  await cleanUp();
  process.exitCode = 1;
}
