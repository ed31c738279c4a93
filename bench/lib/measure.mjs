// Small measuring helpers: an autocannon run reduced to the figures the report needs, process memory,
// Postgres table-scan counters and bcrypt throughput.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { BENCH_DATABASE_URL } from './stack.mjs';

/** Runs autocannon against `url` and keeps req/s, latency percentiles (ms) and the failures. */
export async function load(url, options) {
  const result = await autocannon({ url, ...options });
  const statusCodes = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count;
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** Resident set size of a process in MB (VmRSS from /proc), or undefined when it is gone. */
export function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sequential plus index scans per table (`schema.table`) of the given schemas. A backend reports its
 * counters when it goes idle, but at most once a second: counters it gathers sooner after a report
 * wait for its next idle report, up to 10 s later (PGSTAT_IDLE_INTERVAL). Hence the pause (`settleMs`)
 * before reading a fresh snapshot.
 */
export async function tableScans(pg, schemas, settleMs = 1500) {
  await sleep(settleMs);
  await pg.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await pg.query(
    `SELECT schemaname, relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::bigint AS scans
       FROM pg_stat_user_tables WHERE schemaname = ANY($1)`,
    [schemas],
  );
  return Object.fromEntries(rows.map((row) => [`${row.schemaname}.${row.relname}`, Number(row.scans)]));
}

/** Scans between two `tableScans` readings, summed over the tables `include` accepts. */
export function scansBetween(before, after, include = () => true) {
  let total = 0;
  for (const [table, count] of Object.entries(after)) if (include(table)) total += count - (before[table] ?? 0);
  return total;
}

/** Pids of running processes whose command name (`/proc/<pid>/comm`) is `name`. */
export function pidsNamed(name) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU time per request of each process group, over one phase: `start()` before it, `perRequest(count)` after.
 * Groups are `{name, pids}` (a function of no arguments for groups whose processes come and go, such as
 * Postgres backends). A process that ended during the phase is not counted.
 */
export function cpuMeter(groups) {
  let before;
  const read = () =>
    groups.map(({ name, pids }) => {
      const list = typeof pids === 'function' ? pids() : pids;
      return { name, seconds: new Map(list.map((pid) => [pid, cpuSeconds(pid)])) };
    });
  return {
    start() {
      before = read();
    },
    /** Milliseconds of CPU per request by group, in the groups' order, and their sum. */
    perRequest(requests) {
      const after = read();
      const byGroup = after.map(({ name, seconds }, index) => {
        let used = 0;
        for (const [pid, now] of seconds) used += now - (before[index].seconds.get(pid) ?? 0); // ?? 0: started during the phase
        return { name, ms: (used * 1000) / Math.max(1, requests) };
      });
      return { byGroup, totalMs: byGroup.reduce((sum, { ms }) => sum + ms, 0) };
    },
  };
}

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100) ticks
  } catch {
    return 0;
  }
}

/**
 * Waits until the given processes together use less than a tenth of a core, so that work still queued
 * from an earlier phase (say, sign-ins whose clients have gone) does not count against the next one.
 */
async function waitForQuiet(pids, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (pids.length > 0 && Date.now() < deadline) {
    const before = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    await sleep(500);
    const used = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - before;
    if (used / 0.5 < 0.1) return;
  }
}

/**
 * Before a measured phase: planner statistics as autovacuum keeps them in a database that has been running (a
 * run starts from an empty one, and plans made on tables that were empty then would stay), then an idle stack.
 */
export async function quiet(processes) {
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  try {
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
  await waitForQuiet(processes.map(({ pid }) => pid));
}

/** Runs `operation` from `concurrency` loops for `durationMs`; returns completions per second. */
export async function throughput(operation, concurrency, durationMs) {
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  let done = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      await operation();
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return done / ((performance.now() - started) / 1000);
}

/** Mean and median time (ms) of one bcrypt.hash at `cost`, one at a time (no queueing). */
export async function bcryptHashTime(cost, samples = 20) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await bcrypt.hash(`sample-password-${i}`, cost);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((sum, t) => sum + t, 0) / times.length, median: times[Math.floor(times.length / 2)] };
}

export function machine() {
  const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  return { cpu: model?.trim() ?? 'unknown', cores: cpus().length, node: process.version };
}

function percentile(sorted, share) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/** Latencies (ms) measured by a bench's own request loop over `seconds`, as a row's result (like `load`'s). */
export function latencySummary(latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    total: latencies.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    max: Math.round(sorted.at(-1) ?? 0),
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: { 200: latencies.length },
  };
}

/** Runs `task(index)` for 0…count−1, `concurrency` at a time. */
export async function inParallel(count, concurrency, task) {
  let next = 0;
  const results = new Array(count);
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
