// f. A full social sign-in against a local OpenID provider, beside the password sign-in measured in the same run.
import { randomUUID } from 'node:crypto';
import { send } from './http-client.mjs';
import { cpuMeter, inParallel, latencySummary, quiet } from './measure.mjs';
import { startOpenIdStandIn } from './openid-stand-in.mjs';
import {
  CHEAP_BCRYPT_COST,
  JSON_HEADERS,
  loadWithCpu,
  PASSWORD,
  printLoad,
  signUp,
  uniqueEmail,
  warmUp,
} from './scenario-steps.mjs';

const CONNECTIONS = 20;
/** Provider users the sign-ins cycle through: each signs up once, then comes back, as most sign-ins do. */
const USERS = Number(process.env.BENCH_SOCIAL_USERS ?? 200);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 15);
/** Processes whose CPU is host-wide (other sessions' databases share the servers), or not the stack's. */
const NOT_THE_STACK = new Set(['postgres', 'redis', 'load generator']);
const round = (value, digits = 1) => Number(value.toFixed(digits));

function cookieOf(answer, name) {
  const cookie = [answer.headers['set-cookie'] ?? []]
    .flat()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
  if (!cookie) throw new Error(`no ${name} cookie in an answer ${answer.status}: ${answer.text.slice(0, 200)}`);
  return cookie;
}

function expectStatus(answer, status, step) {
  if (answer.status !== status) throw new Error(`${step} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
}

/**
 * One sign-in as a browser makes it: sign-in/social, the provider's authorization endpoint (consenting at once),
 * the callback with the state cookie, get-session with the session cookie. Its whole time, and the callback's.
 */
async function socialSignIn(url, subject) {
  const started = performance.now();
  const body = JSON.stringify({ provider: 'google', callbackURL: '/', loginHint: subject, disableRedirect: true });
  const begun = await send(`${url}/api/auth/sign-in/social`, { method: 'POST', headers: JSON_HEADERS, body });
  expectStatus(begun, 200, 'sign-in/social');
  const authorized = await send(JSON.parse(begun.text).url);
  expectStatus(authorized, 302, 'the provider');
  const back = new URL(authorized.headers.location);
  const callbackStarted = performance.now();
  const callback = await send(`${url}${back.pathname}${back.search}`, {
    headers: { cookie: cookieOf(begun, 'better-auth.state') },
  });
  expectStatus(callback, 302, 'the callback');
  if (callback.headers.location?.includes('error='))
    throw new Error(`the callback failed: ${callback.headers.location}`);
  const callbackMs = performance.now() - callbackStarted;
  const session = await send(`${url}/api/auth/get-session`, {
    headers: { cookie: cookieOf(callback, 'better-auth.session_token') },
  });
  expectStatus(session, 200, 'get-session');
  if (!JSON.parse(session.text)?.session) throw new Error('get-session after the callback answered no session');
  return { totalMs: performance.now() - started, callbackMs };
}

/** Sign-ins from CONNECTIONS loops for `seconds`, the users in turn; their latencies. */
async function signInsFor(url, seconds, subjects) {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const totals = [];
  const callbacks = [];
  let next = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const { totalMs, callbackMs } = await socialSignIn(url, subjects[next++ % subjects.length]);
      totals.push(totalMs);
      callbacks.push(callbackMs);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return { whole: latencySummary(totals, elapsed), callback: latencySummary(callbacks, elapsed) };
}

/** CPU per sign-in of the stack's own processes (gateway, services, NATS), and the split. */
function stackCpu(cpu) {
  const own = cpu.byGroup.filter(({ name }) => !NOT_THE_STACK.has(name));
  const ms = own.reduce((sum, group) => sum + group.ms, 0);
  const split = cpu.byGroup
    .filter((group) => group.ms >= 0.05)
    .map(({ name, ms: each }) => `${name} ${round(each, 2)}`);
  return { ms, split: split.join(', ') };
}

/**
 * f. social sign-in (Google's flow at a local stand-in) with 20 connections. The baseline is the password sign-in
 * at bcrypt's lowest cost, with identity configured the same: both end in the same user lookup and session start,
 * and that is the cheapest complete sign-in the stack does, so the ratio is what the OAuth round trips cost on top
 * (the state in Redis, the code exchange, the id token's check, the account's tokens recorded).
 */
export async function socialSignInScenario({ url, stack, processes, cpuGroups, duration }) {
  console.log(
    `\n## f. social sign-in: sign-in/social → provider → callback → get-session (${CONNECTIONS} connections)`,
  );
  if (!stack) {
    console.log('  BENCH_URL: identity cannot be pointed at the local provider; skipped');
    return { rows: [] };
  }
  const provider = await startOpenIdStandIn();
  provider.allowRedirectUri(`${stack.origin}/api/auth/callback/google`);
  // A social sign-in hashes no password; the cheap cost is for the baseline's.
  await stack.restart('identity', { ...provider.env, BCRYPT_COST: String(CHEAP_BCRYPT_COST) });
  try {
    // A user per connection: the account throttle counts a password check in flight against its account's
    // threshold (10), so 20 parallel sign-ins of one account from one client lock it.
    const bodies = await inParallel(CONNECTIONS, 8, async () => {
      const email = uniqueEmail('social-baseline');
      await signUp(url, email);
      return JSON.stringify({ email, password: PASSWORD });
    });
    let nextBody = 0;
    const signIn = {
      requests: [
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: JSON_HEADERS,
          setupRequest: (request, context) => {
            context.body ??= bodies[nextBody++ % bodies.length];
            return { ...request, body: context.body };
          },
        },
      ],
    };
    await warmUp(url, { ...signIn, connections: CONNECTIONS });
    await quiet(processes());
    const baseline = await loadWithCpu(cpuGroups, url, { ...signIn, connections: CONNECTIONS, duration });
    printLoad(`baseline: password sign-in, bcrypt cost ${CHEAP_BCRYPT_COST}`, baseline);
    const baselineCpu = stackCpu(baseline.cpu);

    const run = randomUUID().slice(0, 8);
    const subjects = Array.from({ length: USERS }, (_, index) => `bench-social-${run}-${index}`);
    const signUpsStarted = performance.now();
    await inParallel(USERS, CONNECTIONS, (index) => socialSignIn(url, subjects[index]));
    console.log(
      `  ${USERS} users signed up through the provider in ${round((performance.now() - signUpsStarted) / 1000)} s`,
    );
    await signInsFor(url, WARMUP_SECONDS, subjects);
    await quiet(processes());
    const meter = cpuMeter(cpuGroups());
    meter.start();
    const { whole, callback } = await signInsFor(url, duration, subjects);
    const cpu = stackCpu(meter.perRequest(whole.total));
    printLoad('social sign-in, whole flow (4 requests)', whole);
    printLoad('  of which the callback', callback);
    console.log(`  CPU per sign-in (ms): ${cpu.split}`);
    console.log(
      `  the stack's own CPU (gateway, services, NATS) per sign-in: ${round(cpu.ms, 2)} ms ` +
        `(password sign-in: ${round(baselineCpu.ms, 2)} ms, ${round(cpu.ms / baselineCpu.ms, 2)}×); ` +
        'Postgres and Redis are shared by the host, the provider runs in the load generator',
    );
    return {
      rows: [
        {
          scenario: `social sign-in, whole flow, returning users (${CONNECTIONS} conn)`,
          result: whole,
          baseline: baseline.rps,
          baselineName: `password sign-ins/s, bcrypt cost ${CHEAP_BCRYPT_COST}`,
          ratio: whole.rps / baseline.rps,
          budget: `p99 ≤ 150 ms; stack CPU ${round(cpu.ms, 1)} ms a sign-in (password ${round(baselineCpu.ms, 1)})`,
          met: whole.p99 <= 150,
        },
      ],
    };
  } finally {
    await stack.restart('identity', {});
    await provider.stop();
  }
}
