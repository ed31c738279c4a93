// Organization scenarios (issue 18): reads at two sizes (the large within 2× of the small, one indexed query
// per read), get-active-member against the get-session floor, and the writes' p99 at 20 connections.
import { randomUUID } from 'node:crypto';
import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { MemberRpc, natsInboxPrefix } from '@authsvc/contracts';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';
import { send } from './http-client.mjs';
import { cpuMeter, inParallel, latencySummary, load, quiet, tableScans } from './measure.mjs';
import { printLoad, signUp, signUpUser, startFloorServer, uniqueEmail, warmUp } from './scenarios.mjs';

/** A cookie-authenticated POST must name the gateway's origin (BENCH_URL: the URL itself). */
let origin;
const headers = (cookie) => ({ 'content-type': 'application/json', origin, cookie });
const API = '/api/auth/organization';
const CHEAP_BCRYPT_COST = '4';
const READ_CONNECTIONS = 50;
const WRITE_CONNECTIONS = 20;
const SMALL_MEMBERS = 100;
const LARGE_MEMBERS = Number(process.env.BENCH_ORG_MEMBERS ?? 10_000);
const SMALL_ORGANIZATIONS = 10;
const LARGE_ORGANIZATIONS = 1000;
const PAGE = 100;
const INVITATIONS_PER_ORGANIZATION = 2;
/** Additions in flight: they all append to the one organization's stream. */
const ADD_CONCURRENCY = 8;
const round = (value, digits = 1) => Number(value.toFixed(digits));

async function call(url, cookie, method, path, payload) {
  const query = method === 'GET' && payload ? `?${new URLSearchParams(payload)}` : '';
  const { status, text } = await send(`${url}${API}/${path}${query}`, {
    method,
    headers: headers(cookie),
    body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });
  return { status, body: text ? JSON.parse(text) : null };
}

async function expectOk(url, cookie, method, path, payload) {
  const answer = await call(url, cookie, method, path, payload);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const slug = (kind) => `bench-${kind}-${randomUUID().slice(0, 12)}`;
/** Seeding keeps the session's active organization: concurrent creates would all rewrite the one session. */
const createOrganization = (url, cookie, kind, keepCurrentActiveOrganization = false) =>
  expectOk(url, cookie, 'POST', 'create', { name: `Bench ${kind}`, slug: slug(kind), keepCurrentActiveOrganization });

/** Members to add: new users, signed up 16 at a time. */
async function memberUserIds(url, count) {
  const users = await inParallel(count, 16, () => signUpUser(url, uniqueEmail('org-member')));
  return users.map(({ userId }) => userId);
}

/** organization.rpc.member.add over NATS as the back end does it (its own credential). */
async function backEnd(natsUrl) {
  const nc = await connect({
    servers: [natsUrl],
    authenticator: nkeyAuthenticator(new TextEncoder().encode(DEV_NATS_NKEY_SEEDS.backend)),
    inboxPrefix: natsInboxPrefix('backend'),
  });
  return {
    retries: 0,
    /** Asks again when concurrent additions to the same organization kept the service's retries busy. */
    async addMember(organizationId, userId) {
      for (;;) {
        const packet = {
          pattern: MemberRpc.add.subject,
          data: { correlationId: `bench-${randomUUID()}`, organizationId, userId, role: 'member' },
          id: randomUUID(),
        };
        const answer = (await nc.request(MemberRpc.add.subject, JSON.stringify(packet), { timeout: 30_000 })).json();
        if (!answer.err) return answer.response;
        if (answer.err.code !== 'CONCURRENT_MODIFICATION_PLEASE_RETRY') {
          throw new Error(`add-member: ${answer.err.code} ${answer.err.message}`);
        }
        this.retries++;
      }
    },
    close: () => nc.close(),
  };
}

/** Sequential and index scans of the organization schema's tables (outside the outbox relay's), per request. */
async function scansPerRequest(pg, phase) {
  const read = async () => {
    await tableScans(pg, []); // settles the backends' counters
    const { rows } = await pg.query(
      `SELECT relname, coalesce(seq_scan, 0)::bigint AS seq, coalesce(idx_scan, 0)::bigint AS idx
         FROM pg_stat_user_tables WHERE schemaname = 'organization' AND relname NOT IN ('events', 'relay_checkpoint')`,
    );
    const [{ commits }] = (
      await pg.query('SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()')
    ).rows;
    return {
      commits: Number(commits),
      tables: new Map(rows.map((row) => [row.relname, { seq: Number(row.seq), idx: Number(row.idx) }])),
    };
  };
  const before = await read();
  const result = await phase();
  const after = await read();
  let seq = 0;
  let idx = 0;
  const perTable = [];
  for (const [table, now] of after.tables) {
    const was = before.tables.get(table) ?? { seq: 0, idx: 0 };
    const [s, i] = [now.seq - was.seq, now.idx - was.idx];
    seq += s;
    idx += i;
    if (s + i > 0) perTable.push(`${table} ${round((s + i) / result.total, 2)}${s > 0 ? ` (${s} seq)` : ''}`);
  }
  // Every statement of a read commits on its own: the database's commits count the statements (the stack's few
  // background ones, such as the outbox relays' polling, included).
  const scans = {
    statements: (after.commits - before.commits) / result.total,
    perRequest: (seq + idx) / result.total,
    seqPerRequest: seq / result.total,
  };
  const report = () =>
    console.log(
      `    Postgres: ${round(scans.statements, 2)} statements per request; ` +
        `${round(scans.perRequest, 2)} table scans, ${round(scans.seqPerRequest, 3)} of them ` +
        `sequential [${perTable.join(', ')}]`,
    );
  return { ...result, scans, report };
}

/**
 * Pending invitations in every organization of the caller, as a live database holds them: without them the
 * invitations table fits one page, which a read rightly scans whole instead of using its index.
 */
async function inviteIntoEach(url, cookie) {
  const started = performance.now();
  const organizationIds = (await expectOk(url, cookie, 'GET', 'list')).map(({ id }) => id);
  const invitations = organizationIds.flatMap((organizationId) =>
    Array.from({ length: INVITATIONS_PER_ORGANIZATION }, () => ({ organizationId, role: 'member' })),
  );
  await inParallel(invitations.length, WRITE_CONNECTIONS, (index) =>
    expectOk(url, cookie, 'POST', 'invite-member', { ...invitations[index], email: uniqueEmail('background') }),
  );
  console.log(`  ${invitations.length} pending invitations sent in ${round((performance.now() - started) / 1000)} s`);
}

/**
 * Seeds the organizations: 100 and 10,000 members; a user in 10 and one in 1,000 organizations, each of the
 * thousand with pending invitations.
 */
async function seed({ url, stack, pg }) {
  const started = performance.now();
  const [smallOwner, largeOwner, fewUser, manyUser] = await Promise.all(
    ['owner-small', 'owner-large', 'in-few', 'in-many'].map((kind) => signUp(url, uniqueEmail(kind))),
  );
  const userIds = await memberUserIds(url, LARGE_MEMBERS - 1);
  console.log(`  ${userIds.length} member users ready after ${round((performance.now() - started) / 1000)} s`);
  const small = await createOrganization(url, smallOwner, 'small');
  const large = await createOrganization(url, largeOwner, 'large');
  const nats = await backEnd(stack.natsUrl);
  try {
    const addStarted = performance.now();
    await inParallel(SMALL_MEMBERS - 1, ADD_CONCURRENCY, (index) => nats.addMember(small.id, userIds[index]));
    await inParallel(userIds.length, ADD_CONCURRENCY, (index) => nats.addMember(large.id, userIds[index]));
    console.log(
      `  ${SMALL_MEMBERS - 1 + userIds.length} members added over NATS in ${round((performance.now() - addStarted) / 1000)} s ` +
        `(${nats.retries} asked again after concurrent additions)`,
    );
  } finally {
    await nats.close();
  }
  const createStarted = performance.now();
  await inParallel(SMALL_ORGANIZATIONS, 8, () => createOrganization(url, fewUser, 'few', true));
  await inParallel(LARGE_ORGANIZATIONS, WRITE_CONNECTIONS, () => createOrganization(url, manyUser, 'many', true));
  console.log(
    `  ${SMALL_ORGANIZATIONS + LARGE_ORGANIZATIONS} organizations created in ${round((performance.now() - createStarted) / 1000)} s`,
  );
  await inviteIntoEach(url, manyUser);
  console.log(`  seeding took ${round((performance.now() - started) / 1000)} s`);
  // A live database's autovacuum would have refreshed the statistics and visibility maps after such a burst of
  // inserts within a minute; the reads are measured as they run on it, not on a plan made for empty tables.
  for (const table of ['organizations', 'members', 'user_profiles', 'invitations'])
    await pg.query(`VACUUM ANALYZE organization.${table}`);
  return { small, large, smallOwner, largeOwner, fewUser, manyUser };
}

/** A budget row comparing the large size with the small one. */
function sizeRow(name, smallResult, largeResult, sizes) {
  const ratio = largeResult.rps / smallResult.rps;
  const indexed = [smallResult, largeResult].every(({ scans }) => scans.statements < 1.5 && scans.seqPerRequest < 0.01);
  return {
    scenario: `${name}, ${sizes} (${READ_CONNECTIONS} conn)`,
    result: largeResult,
    baseline: smallResult.rps,
    baselineName: `the small size, p99 ${smallResult.p99} ms`,
    ratio,
    budget: `large ≥ 50 % of small; ${round(largeResult.scans.statements, 2)} statements, ${round(largeResult.scans.perRequest, 2)} scans (${round(largeResult.scans.seqPerRequest, 2)} seq)/request`,
    met: ratio >= 0.5 && indexed,
  };
}

/**
 * org-reads: list-members (100 and 10,000 members, pages of 100), list (a user in 10 and in 1,000
 * organizations), get-full-organization, and get-active-member against the get-session floor.
 */
export async function organizationReadsScenario({ url, stack, processes, pg, duration }) {
  console.log(`\n## d. organization reads (${READ_CONNECTIONS} connections)`);
  origin = stack?.origin ?? url;
  if (!stack) {
    console.log('  BENCH_URL: the seeding needs the stack (identity at a cheap bcrypt cost, NATS); skipped');
    return { rows: [] };
  }
  await stack.restart('identity', { BCRYPT_COST: CHEAP_BCRYPT_COST });
  let seeded;
  try {
    seeded = await seed({ url, stack, pg });
  } finally {
    await stack.restart('identity', {});
  }
  const { small, large, smallOwner, largeOwner, fewUser, manyUser } = seeded;

  const measure = async (label, cookie, path, queries) => {
    const requests = queries.map((query) => ({
      method: 'GET',
      path: `${API}/${path}${query ? `?${new URLSearchParams(query)}` : ''}`,
      headers: { cookie },
    }));
    await load(url, { requests, connections: READ_CONNECTIONS, duration: 3 }); // warm-up
    await quiet(processes());
    const result = await scansPerRequest(pg, () => load(url, { requests, connections: READ_CONNECTIONS, duration }));
    printLoad(label, result);
    result.report();
    if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} answers were not 2xx`);
    return result;
  };

  const pages = (organizationId, members) =>
    Array.from({ length: Math.ceil(members / PAGE) }, (_, page) => ({
      organizationId,
      limit: PAGE,
      offset: page * PAGE,
    }));
  const rows = [];
  console.log('  list-members, pages of 100');
  const membersSmall = await measure(
    `${SMALL_MEMBERS} members`,
    smallOwner,
    'list-members',
    pages(small.id, SMALL_MEMBERS),
  );
  const membersFirst = await measure(`${LARGE_MEMBERS} members, first page`, largeOwner, 'list-members', [
    { organizationId: large.id, limit: PAGE, offset: 0 },
  ]);
  const membersAll = await measure(
    `${LARGE_MEMBERS} members, every page in turn`,
    largeOwner,
    'list-members',
    pages(large.id, LARGE_MEMBERS),
  );
  rows.push(
    sizeRow('list-members, first page', membersSmall, membersFirst, `${LARGE_MEMBERS} vs ${SMALL_MEMBERS} members`),
  );
  rows.push(
    sizeRow('list-members, every page', membersSmall, membersAll, `${LARGE_MEMBERS} vs ${SMALL_MEMBERS} members`),
  );

  console.log("  list (the caller's organizations)");
  const listFew = await measure(`in ${SMALL_ORGANIZATIONS} organizations`, fewUser, 'list', [undefined]);
  const listMany = await measure(`in ${LARGE_ORGANIZATIONS} organizations`, manyUser, 'list', [undefined]);
  const listManyPaged = await measure(
    `in ${LARGE_ORGANIZATIONS} organizations, pages of ${SMALL_ORGANIZATIONS}`,
    manyUser,
    'list',
    Array.from({ length: LARGE_ORGANIZATIONS / SMALL_ORGANIZATIONS }, (_, page) => ({
      limit: SMALL_ORGANIZATIONS,
      offset: page * SMALL_ORGANIZATIONS,
    })),
  );
  rows.push(
    sizeRow(
      `list, pages of ${SMALL_ORGANIZATIONS}`,
      listFew,
      listManyPaged,
      `${LARGE_ORGANIZATIONS} vs ${SMALL_ORGANIZATIONS} organizations`,
    ),
  );
  // The whole list answers 100 times the bytes: its row shows the cost per organization listed, not a budget.
  rows.push({
    ...sizeRow('list, whole', listFew, listMany, `${LARGE_ORGANIZATIONS} vs ${SMALL_ORGANIZATIONS} organizations`),
    budget: `none (${LARGE_ORGANIZATIONS / SMALL_ORGANIZATIONS}× the answer); ${round(listMany.scans.statements, 2)} statements/request`,
    met: undefined,
  });

  const full = await call(url, smallOwner, 'GET', 'get-full-organization', {
    organizationId: small.id,
    membersLimit: PAGE,
  });
  if (full.status === 404) {
    console.log('  get-full-organization: no such route on this build; skipped');
  } else {
    console.log('  get-full-organization (membersLimit 100)');
    const query = (organizationId) => [{ organizationId, membersLimit: PAGE }];
    const fullSmall = await measure(`${SMALL_MEMBERS} members`, smallOwner, 'get-full-organization', query(small.id));
    const fullLarge = await measure(`${LARGE_MEMBERS} members`, largeOwner, 'get-full-organization', query(large.id));
    rows.push(sizeRow('get-full-organization', fullSmall, fullLarge, `${LARGE_MEMBERS} vs ${SMALL_MEMBERS} members`));
  }

  rows.push(await activeMemberRow({ processes, duration, cookies: [smallOwner, largeOwner], measure }));
  return { rows };
}

/** get-active-member (the owners of both organizations, their active one) against the get-session floor. */
async function activeMemberRow({ processes, duration, cookies, measure }) {
  console.log('  get-active-member vs the floor (node:http + one Redis GET)');
  const { url: floorUrl, floor } = await startFloorServer();
  try {
    await load(floorUrl, { connections: 10, duration: 2 });
    await quiet(processes());
    const floorBefore = await load(floorUrl, { connections: READ_CONNECTIONS, duration });
    printLoad('floor before', floorBefore);
    const result = await measure('get-active-member', cookies[1], 'get-active-member', [undefined]);
    await quiet(processes());
    const floorAfter = await load(floorUrl, { connections: READ_CONNECTIONS, duration });
    printLoad('floor after', floorAfter);
    const floorRps = (floorBefore.rps + floorAfter.rps) / 2;
    const ratio = result.rps / floorRps;
    return {
      scenario: `get-active-member, ${LARGE_MEMBERS} members (${READ_CONNECTIONS} conn)`,
      result,
      baseline: floorRps,
      baselineName: 'floor: node:http + 1 Redis GET',
      ratio,
      budget: `≥ 30 % of floor; ${round(result.scans.statements, 2)} statements, ${round(result.scans.perRequest, 2)} scans/request`,
      met: ratio >= 0.3 && result.scans.seqPerRequest < 0.01,
    };
  } finally {
    await floor.stop();
  }
}

/**
 * org-writes: create (20 connections, 20 users), then invite-member + accept-invitation: each of 20 loops invites
 * its own users into the organizations its owner created, each invitee accepting with their session.
 */
export async function organizationWritesScenario({ url, stack, processes, cpuGroups, duration }) {
  console.log(`\n## e. organization writes (${WRITE_CONNECTIONS} connections)`);
  origin = stack?.origin ?? url;
  // Owners and invitees signed up at a cheap bcrypt cost (their passwords play no part here).
  const inviteesPerLoop = 10;
  if (stack) await stack.restart('identity', { BCRYPT_COST: CHEAP_BCRYPT_COST });
  let owners;
  let invitees;
  try {
    owners = await inParallel(WRITE_CONNECTIONS, 8, () => signUp(url, uniqueEmail('org-owner')));
    invitees = await inParallel(WRITE_CONNECTIONS * inviteesPerLoop, 16, async () => {
      const email = uniqueEmail('invitee');
      return { email, cookie: await signUp(url, email) };
    });
  } finally {
    if (stack) await stack.restart('identity', {});
  }
  // One owner per connection: a create makes the new organization its session's active one, and concurrent
  // creates in one session would race on that session.
  let nextOwner = 0;
  const create = [
    {
      method: 'POST',
      path: `${API}/create`,
      setupRequest: (request, context) => {
        context.owner ??= owners[nextOwner++ % owners.length];
        return {
          ...request,
          headers: headers(context.owner),
          body: JSON.stringify({ name: 'Bench Write', slug: `bench-write-${randomUUID().slice(0, 13)}` }),
        };
      },
    },
  ];
  await warmUp(url, { requests: create, connections: WRITE_CONNECTIONS });
  await quiet(processes());
  const meter = cpuMeter(cpuGroups());
  meter.start();
  const created = await load(url, { requests: create, connections: WRITE_CONNECTIONS, duration });
  printLoad('create', created);
  printCpu(meter.perRequest(created.total));

  // Each owner's organizations (from the create phases), a session per owner with the right to invite in all.
  const organizationsOf = async (cookie) => {
    const list = await expectOk(url, cookie, 'GET', 'list');
    return list.map(({ id }) => id);
  };
  const ownedOrganizations = await Promise.all(owners.map(organizationsOf));
  const invites = [];
  const accepts = [];
  // Each loop's pairs (organization, invitee) in turn, so that a phase goes on where the previous one stopped.
  const pairsOf = function* (loop) {
    const mine = invitees.slice(loop * inviteesPerLoop, (loop + 1) * inviteesPerLoop);
    for (const organizationId of ownedOrganizations[loop])
      for (const invitee of mine) yield { organizationId, invitee };
  };
  const pairs = Array.from({ length: WRITE_CONNECTIONS }, (_, loop) => pairsOf(loop));
  const pairLoop = async (loop, until, record) => {
    // next() by hand: leaving a for…of would close the generator, which the next phase goes on with.
    while (performance.now() < until) {
      const pair = pairs[loop].next();
      if (pair.done) throw new Error(`loop ${loop} ran out of organizations to invite into`);
      const { organizationId, invitee } = pair.value;
      let started = performance.now();
      const invitation = await expectOk(url, owners[loop], 'POST', 'invite-member', {
        email: invitee.email,
        role: 'member',
        organizationId,
      });
      if (record) invites.push(performance.now() - started);
      started = performance.now();
      await expectOk(url, invitee.cookie, 'POST', 'accept-invitation', { invitationId: invitation.id });
      if (record) accepts.push(performance.now() - started);
    }
  };
  const run = async (seconds, record) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: WRITE_CONNECTIONS }, (_, loop) => pairLoop(loop, until, record)));
  };
  // The warm-up takes each loop's first organizations; the measured phase the next ones.
  const warmupSeconds = Math.max(3, Math.round(duration / 2));
  await run(warmupSeconds, false);
  await quiet(processes());
  const pairMeter = cpuMeter(cpuGroups());
  pairMeter.start();
  await run(duration, true);
  const invited = latencySummary(invites, duration);
  const accepted = latencySummary(accepts, duration);
  printLoad('invite-member', invited);
  printLoad('accept-invitation', accepted);
  printCpu(pairMeter.perRequest(invited.total + accepted.total));
  return {
    rows: [
      {
        scenario: `create (${WRITE_CONNECTIONS} conn)`,
        result: created,
        budget: 'p99 ≤ 150 ms',
        met: created.p99 <= 150,
      },
      ...[
        ['invite-member', invited],
        ['accept-invitation', accepted],
      ].map(([name, result]) => ({
        scenario: `${name}, invite and accept in turn (${WRITE_CONNECTIONS} loops)`,
        result,
        budget: 'p99 ≤ 150 ms',
        met: result.p99 <= 150,
      })),
    ],
  };
}

function printCpu(cpu) {
  const parts = cpu.byGroup.filter(({ ms }) => ms >= 0.05).map(({ name, ms }) => `${name} ${round(ms, 2)}`);
  console.log(`  CPU per request (ms): ${parts.join(', ')}; total ${round(cpu.totalMs, 2)}`);
}
