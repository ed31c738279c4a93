// b. and c.: sign-in and sign-up, each against its bcrypt baseline measured in the same run.
import bcrypt from 'bcrypt';
import { bcryptHashTime, load, quiet, throughput } from './measure.mjs';
import {
  BCRYPT_COST,
  CHEAP_BCRYPT_COST,
  combinedPhases,
  JSON_HEADERS,
  loadWithCpu,
  PASSWORD,
  printLoad,
  printRss,
  round,
  RUN_ID,
  signUp,
  uniqueEmail,
  warmUp,
} from './scenario-steps.mjs';
/** Stack phases of the sign-in budget, each between two measurements of its baseline. */
const SIGN_IN_ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 3);

/** b. sign-in vs raw bcrypt.compare; get-session beside saturating sign-ins; an overload burst. */
export async function signInScenario({ url, processes, cpuGroups, duration }) {
  console.log('\n## b. POST /api/auth/sign-in/email (8 connections)');
  const email = uniqueEmail('signin');
  const cookie = await signUp(url, email);
  const endpoint = `${url}/api/auth/sign-in/email`;
  const signIn = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password: PASSWORD }) };

  // The machine's speed drifts by several per cent within minutes (neighbours on the host), and the stack's work
  // (syscalls, memory) drifts more than bcrypt's: the budget is measured in SIGN_IN_ROUNDS phases, each between
  // two baseline measurements, and compared with the mean of the baselines around each phase.
  const hash = await bcrypt.hash(PASSWORD, BCRYPT_COST);
  const measureCompares = async () => {
    await quiet(processes());
    return throughput(() => bcrypt.compare(PASSWORD, hash), 8, duration * 1000);
  };
  await warmUp(endpoint, { ...signIn, connections: 8 });
  const baselines = [await measureCompares()];
  const phases = [];
  for (let index = 0; index < SIGN_IN_ROUNDS; index++) {
    await quiet(processes());
    const phase = await loadWithCpu(cpuGroups, endpoint, { ...signIn, connections: 8, duration });
    baselines.push(await measureCompares());
    const around = (baselines[index] + baselines[index + 1]) / 2;
    printLoad(`stack, round ${index + 1}`, phase);
    console.log(
      `  baseline: bcrypt.compare (cost ${BCRYPT_COST}, 8 in flight) ${round(around)} /s around it; ` +
        `ratio ${round((100 * phase.rps) / around, 1)} %`,
    );
    phases.push({ ...phase, around });
  }
  const result = combinedPhases(phases);
  const compares = phases.reduce((sum, { around }) => sum + around, 0) / phases.length;
  printLoad(`stack, all ${phases.length} rounds`, result);
  console.log(`  baseline, all rounds: ${round(compares)} /s`);
  printRss(processes());

  console.log('  mixed: sign-in (8 connections) + get-session (10 connections) at the same time');
  const sessionHeaders = { headers: { cookie } };
  await quiet(processes());
  const [mixedSignIn, mixedSession] = await Promise.all([
    load(endpoint, { ...signIn, connections: 8, duration }),
    load(`${url}/api/auth/get-session`, { ...sessionHeaders, connections: 10, duration }),
  ]);
  printLoad('sign-in', mixedSignIn);
  printLoad('get-session', mixedSession);

  console.log('  overload: sign-in with 64 connections');
  await quiet(processes());
  const overload = await load(endpoint, { ...signIn, connections: 64, duration });
  printLoad('sign-in', overload);
  printRss(processes());
  const shed = (overload.statusCodes['429'] ?? 0) + (overload.statusCodes['503'] ?? 0);

  const ratio = result.rps / compares;
  return {
    details: { compares, shed },
    rows: [
      {
        scenario: 'sign-in (8 conn)',
        result,
        baseline: compares,
        baselineName: 'bcrypt.compare/s, cost 10, 8 in flight',
        ratio,
        budget: '≥ 90 % of bcrypt.compare/s',
        met: ratio >= 0.9,
      },
      {
        scenario: 'get-session (10 conn) during sign-ins',
        result: mixedSession,
        budget: 'p99 ≤ 50 ms',
        met: mixedSession.p99 <= 50,
      },
      {
        scenario: 'sign-in overload (64 conn)',
        result: overload,
        baseline: compares,
        baselineName: 'bcrypt.compare/s',
        ratio: overload.rps / compares,
        budget: `answers 429/503 fast instead of queuing (${shed} shed)`,
        met: shed > 0 && overload.p99 <= 1000,
      },
    ],
  };
}

/**
 * b2. What a sign-in costs besides bcrypt: identity restarted at bcrypt's lowest cost, sign-ins with 8 connections
 * and with 1, and the CPU every process spends per request. At cost 10 the two bcrypt threads let sign-ins reach
 * the session service one at a time, so the 1-connection figure is the overhead the sign-in budget pays.
 */
export async function signInOverheadScenario({ url, stack, processes, cpuGroups, duration }) {
  console.log(`\n## b2. POST /api/auth/sign-in/email at bcrypt cost ${CHEAP_BCRYPT_COST} (the cost besides bcrypt)`);
  if (!stack) {
    console.log('  BENCH_URL: identity cannot be restarted with a cheap bcrypt cost; skipped');
    return { rows: [] };
  }
  await stack.restart('identity', { BCRYPT_COST: String(CHEAP_BCRYPT_COST) });
  const email = uniqueEmail('signin-overhead');
  await signUp(url, email);
  const endpoint = `${url}/api/auth/sign-in/email`;
  const signIn = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password: PASSWORD }) };
  await warmUp(endpoint, { ...signIn, connections: 8 });
  const rows = [];
  for (const connections of [8, 1]) {
    await quiet(processes());
    const result = await loadWithCpu(cpuGroups, endpoint, { ...signIn, connections, duration });
    printLoad(`${connections} connection(s)`, result);
    rows.push({
      scenario: `sign-in, bcrypt cost ${CHEAP_BCRYPT_COST} (${connections} conn)`,
      result,
      budget: `(context) CPU per sign-in, all processes: ${round(result.cpu.totalMs)} ms`,
      met: true,
    });
  }
  await stack.restart('identity', {});
  return { rows };
}

/**
 * c. sign-up with a new email per request. The budget excludes bcrypt: its phase runs with identity hashing
 * at cost 4 (about a millisecond), so its p99 is everything else a sign-up does under 20 connections. At the
 * production cost 10 the same load is reported beside bcrypt.hash throughput, and with one connection.
 */
export async function signUpScenario({ url, stack, processes, cpuGroups, duration }) {
  console.log('\n## c. POST /api/auth/sign-up/email, unique emails (20 connections)');
  await quiet(processes());
  const hashTime = await bcryptHashTime(BCRYPT_COST);
  const hashes = await throughput(() => bcrypt.hash(PASSWORD, BCRYPT_COST), 20, Math.min(duration, 5) * 1000);
  console.log(
    `  baseline: one bcrypt.hash (cost ${BCRYPT_COST}) mean ${round(hashTime.mean)} ms, median ${round(hashTime.median)} ms; ` +
      `${round(hashes)} hashes/s with 20 in flight`,
  );
  let counter = 0;
  const requests = [
    {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      headers: JSON_HEADERS,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          name: 'Bench User',
          email: `bench-signup-${RUN_ID}-${counter++}@example.com`,
          password: PASSWORD,
        }),
      }),
    },
  ];
  await quiet(processes());
  const atCost10 = await load(url, { requests, connections: 20, duration });
  printLoad(`stack, bcrypt cost ${BCRYPT_COST}`, atCost10);
  printRss(processes());

  // With one connection nothing queues for bcrypt: latency minus one hash is the rest of the work.
  await quiet(processes());
  const single = await load(url, { requests, connections: 1, duration: Math.max(5, duration / 2) });
  printLoad(`stack, bcrypt cost ${BCRYPT_COST}, 1 connection`, single);
  console.log(`  1 connection: p50 minus one bcrypt.hash ${round(single.p50 - hashTime.mean)} ms`);

  const rows = [
    {
      scenario: `sign-up, unique emails (20 conn, bcrypt cost ${BCRYPT_COST})`,
      result: atCost10,
      baseline: hashes,
      baselineName: `bcrypt.hash/s, cost ${BCRYPT_COST}, 20 in flight`,
      ratio: atCost10.rps / hashes,
      budget: `(context) bcrypt: one hash ${round(hashTime.mean)} ms`,
      met: true,
    },
    {
      scenario: `sign-up, unique emails (1 conn, bcrypt cost ${BCRYPT_COST})`,
      result: single,
      baseline: 1000 / hashTime.mean,
      baselineName: 'sequential bcrypt.hash/s',
      ratio: single.rps / (1000 / hashTime.mean),
      budget: `(context) p50 − bcrypt.hash: ${round(single.p50 - hashTime.mean)} ms`,
      met: true,
    },
  ];
  if (!stack) {
    console.log('  BENCH_URL: identity cannot be restarted with a cheap bcrypt cost; the budget row is left out');
    return { details: { hashTime, hashes }, rows };
  }

  console.log(`  bcrypt excluded: identity restarted with BCRYPT_COST=${CHEAP_BCRYPT_COST}`);
  await stack.restart('identity', { BCRYPT_COST: String(CHEAP_BCRYPT_COST) });
  const cheapHash = await bcryptHashTime(CHEAP_BCRYPT_COST);
  await warmUp(url, { requests, connections: 20 });
  await quiet(processes());
  const withoutBcrypt = await loadWithCpu(cpuGroups, url, { requests, connections: 20, duration });
  printLoad(`stack, bcrypt cost ${CHEAP_BCRYPT_COST}`, withoutBcrypt);
  printRss(processes());
  await stack.restart('identity', {});
  rows.unshift({
    scenario: `sign-up, unique emails (20 conn), bcrypt excluded (cost ${CHEAP_BCRYPT_COST}: ${round(cheapHash.mean)} ms a hash)`,
    result: withoutBcrypt,
    budget: 'p99 ≤ 150 ms',
    met: withoutBcrypt.p99 <= 150,
  });
  return { details: { hashTime, hashes, cheapHash }, rows };
}
