// What the scenarios share: users signed up and in, warm-up, load with CPU, the floor server, printing.
import { randomUUID } from 'node:crypto';
import { ManagedProcess, freePort, waitForHttp200, BENCH_REDIS_URL } from './stack.mjs';
import { cpuMeter, load, rssMb } from './measure.mjs';

export const PASSWORD = 'bench-password-123';
export const BCRYPT_COST = 10;
/** bcrypt's lowest cost: what a sign-up costs besides hashing. */
export const CHEAP_BCRYPT_COST = 4;
export const JSON_HEADERS = { 'content-type': 'application/json' };
export const RUN_ID = randomUUID().slice(0, 8);
/**
 * Load before a write scenario is measured: at least this many seconds and this many requests. Every process
 * needs a few thousand writes to reach its steady cost (V8 optimising the request paths of Nest,
 * class-validator, pg and our code). Sign-ins at bcrypt cost 10 (about 30 a second here), CPU per sign-in
 * besides the comparison, by 10 s slice from a fresh stack: 11.8 ms, 9.0 after 50 s, 7.4 after 90 s, about 7.0
 * from 150 s (4,000 sign-ins) on. Sign-ups reach 4,000 within the 15 s. A deployed service runs warm.
 */
const WRITE_WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 15);
const WRITE_WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 4000);

export async function warmUp(url, options) {
  const first = await load(url, { ...options, duration: WRITE_WARMUP_SECONDS });
  const missing = WRITE_WARMUP_REQUESTS - first.total;
  if (missing > 0 && first.rps > 0) await load(url, { ...options, duration: Math.ceil(missing / first.rps) });
}
export const round = (value, digits = 1) => (value === undefined ? undefined : Number(value.toFixed(digits)));

export function uniqueEmail(kind) {
  return `bench-${kind}-${RUN_ID}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs a new user up and returns the `name=value` of its session cookie. */
export async function signUp(url, email) {
  return (await signUpUser(url, email)).cookie;
}

/** Signs up a new user: their session cookie and id. */
export async function signUpUser(url, email) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ name: 'Bench User', email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('better-auth.session_token='));
  if (!cookie) throw new Error('sign-up set no better-auth.session_token cookie');
  return { cookie, userId: (await response.json()).user.id };
}

export async function getSessionOnce(url, cookie) {
  const started = performance.now();
  const response = await fetch(`${url}/api/auth/get-session`, { headers: { cookie } });
  const body = await response.json();
  if (response.status !== 200 || !body?.session) throw new Error(`get-session answered ${response.status}`);
  return performance.now() - started;
}

export function printLoad(label, result) {
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  console.log(
    `  ${label}: ${round(result.rps, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts} [${codes}]`,
  );
}

/** Phases of one load as one result: mean req/s, summed counts, and the highest of their latencies. */
export function combinedPhases(phases) {
  const statusCodes = {};
  for (const phase of phases) {
    for (const [code, count] of Object.entries(phase.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  const sum = (key) => phases.reduce((total, phase) => total + phase[key], 0);
  const highest = (key) => Math.max(...phases.map((phase) => phase[key]));
  return {
    rps: sum('rps') / phases.length,
    total: sum('total'),
    p50: highest('p50'),
    p99: highest('p99'),
    max: highest('max'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    statusCodes,
  };
}

/** Runs one measured load phase and prints the CPU each process spent per request (ms). */
export async function loadWithCpu(cpuGroups, url, options) {
  const meter = cpuMeter(cpuGroups());
  meter.start();
  const result = await load(url, options);
  const cpu = meter.perRequest(result.total);
  const parts = cpu.byGroup.filter(({ ms }) => ms >= 0.05).map(({ name, ms }) => `${name} ${round(ms, 2)}`);
  console.log(`  CPU per request (ms): ${parts.join(', ')}; total ${round(cpu.totalMs, 2)}`);
  return { ...result, cpu };
}

export function printRss(processes) {
  const parts = processes.map(({ name, pid }) => `${name} ${round(rssMb(pid), 0) ?? '?'} MB`);
  console.log(`  RSS: ${parts.join(', ')}`);
}

export async function startFloorServer() {
  const port = await freePort();
  const floor = new ManagedProcess('floor', process.execPath, ['bench/floor-server.mjs'], {
    ...process.env,
    PORT: String(port),
    REDIS_URL: BENCH_REDIS_URL,
  });
  await waitForHttp200(`http://127.0.0.1:${port}/`, floor.child, 'floor server', 15_000);
  return { url: `http://127.0.0.1:${port}/`, floor };
}
