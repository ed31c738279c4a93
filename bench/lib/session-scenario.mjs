// a. get-session: the stack against one Redis GET behind node:http, warm and cold.
import { load, quiet, scansBetween, tableScans } from './measure.mjs';
import {
  getSessionOnce,
  printLoad,
  printRss,
  round,
  signUp,
  startFloorServer,
  uniqueEmail,
} from './scenario-steps.mjs';
async function deleteSessionKeys(redis) {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'session:*', 'COUNT', 1000);
    if (keys.length > 0) deleted += await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}

/** Table scans outside the outbox relay's reading of its events and checkpoint. */
const notRelay = (table) => !/\.(events|relay_checkpoint)$/.test(table);

/** Prints the Postgres scans of a warm get-session phase and answers them per request. */
function scansPerRequest(before, after, requests) {
  const inSchema = (schema) => (table) => table.startsWith(`${schema}.`);
  const outsideRelay = (schema) => (table) => inSchema(schema)(table) && notRelay(table);
  const sessionScans = scansBetween(before, after, inSchema('session'));
  const sessionTableScans = scansBetween(before, after, outsideRelay('session'));
  const identityScans = scansBetween(before, after, inSchema('identity'));
  const identityTableScans = scansBetween(before, after, outsideRelay('identity'));
  console.log(
    `  Postgres scans while warm over ${requests} requests: session schema ${sessionScans}, identity schema ` +
      `${identityScans}; outside the outbox relays' tables ${sessionTableScans} and ${identityTableScans}`,
  );
  return {
    queriesPerRequest: (sessionTableScans + identityTableScans) / requests,
  };
}

/** How many distinct sessions the get-session phase cycles through, so that no answer can come from one hot key. */
const GET_SESSION_SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);

/** Signs up `count` users, a few at a time, and answers their session cookies. */
async function signUpMany(url, count, concurrency = 8) {
  const cookies = [];
  const worker = async () => {
    while (cookies.length < count) {
      cookies.push('');
      const index = cookies.length - 1;
      cookies[index] = await signUp(url, uniqueEmail('session'));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}

/**
 * a. get-session cycling through many sessions vs one Redis GET behind node:http; then one cold lookup, after
 * the session read model was dropped from Redis.
 */
export async function getSessionScenario({ url, processes, pg, redis, duration }) {
  console.log(`\n## a. GET /api/auth/get-session (${GET_SESSION_SESSIONS} sessions, 50 connections)`);
  const cookies = await signUpMany(url, GET_SESSION_SESSIONS);
  const [cookie] = cookies;
  await getSessionOnce(url, cookie);
  const endpoint = `${url}/api/auth/get-session`;
  // Each connection walks the whole list, one session per request.
  const requests = cookies.map((each) => ({ method: 'GET', path: '/api/auth/get-session', headers: { cookie: each } }));
  await load(endpoint, { requests, connections: 50, duration: 5 }); // warm-up (JIT, pools)

  // The floor is measured right before and right after the stack: the host's speed moves within minutes.
  const { url: floorUrl, floor } = await startFloorServer();
  const schemas = ['session', 'identity'];
  let result;
  let floorResult;
  let warmScans;
  try {
    await load(floorUrl, { connections: 10, duration: 2 });
    const floorBefore = await load(floorUrl, { connections: 50, duration });
    printLoad('floor before (node:http + 1 Redis GET)', floorBefore);
    await quiet(processes());
    const before = await tableScans(pg, schemas);
    result = await load(endpoint, { requests, connections: 50, duration });
    printLoad('stack', result);
    printRss(processes());
    const after = await tableScans(pg, schemas);
    warmScans = scansPerRequest(before, after, result.total);
    const floorAfter = await load(floorUrl, { connections: 50, duration });
    printLoad('floor after', floorAfter);
    printRss([{ name: 'floor', pid: floor.pid }]);
    floorResult = { rps: (floorBefore.rps + floorAfter.rps) / 2 };
    console.log(`  floor, mean of before and after: ${round(floorResult.rps)} req/s`);
  } finally {
    await floor.stop();
  }

  // Cold path: the session read model is gone from Redis; one request must read Postgres once.
  // A backend may hold its counters up to 10 s before reporting them, hence the long pauses.
  const settleMs = 11_000;
  await quiet(processes());
  const deleted = await deleteSessionKeys(redis);
  const coldBefore = await tableScans(pg, ['session'], settleMs);
  const coldMs = await getSessionOnce(url, cookie);
  const coldAfter = await tableScans(pg, ['session'], settleMs);
  const warmMs = await getSessionOnce(url, cookie);
  const warmAfter = await tableScans(pg, ['session'], settleMs);
  const cold = {
    deletedKeys: deleted,
    scans: scansBetween(coldBefore, coldAfter),
    scansWithoutRelay: scansBetween(coldBefore, coldAfter, notRelay),
    secondScans: scansBetween(coldAfter, warmAfter),
    secondScansWithoutRelay: scansBetween(coldAfter, warmAfter, notRelay),
    perTable: Object.fromEntries(
      Object.keys(coldAfter)
        .map((table) => [table, coldAfter[table] - (coldBefore[table] ?? 0)])
        .filter(([, count]) => count > 0),
    ),
    coldMs,
    warmMs,
  };
  console.log(
    `  cold path: deleted ${deleted} Redis keys; first get-session ${round(coldMs)} ms with ${cold.scans} scans ` +
      `(${cold.scansWithoutRelay} outside the outbox relay's tables: ${JSON.stringify(cold.perTable)}); ` +
      `second ${round(warmMs)} ms with ${cold.secondScans} scans (${cold.secondScansWithoutRelay} outside the relay's)`,
  );

  const ratio = result.rps / floorResult.rps;
  return {
    details: {
      ...warmScans,
      cold,
    },
    rows: [
      {
        scenario: `get-session, ${GET_SESSION_SESSIONS} sessions (50 conn)`,
        result,
        baseline: floorResult.rps,
        baselineName: 'floor: node:http + 1 Redis GET',
        ratio,
        budget: '≥ 50 % of floor, p99 ≤ 25 ms, 0 queries',
        met: ratio >= 0.5 && result.p99 <= 25 && warmScans.queriesPerRequest === 0,
      },
    ],
  };
}
