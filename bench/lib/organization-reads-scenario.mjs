// Organization reads (issue 18) at two sizes: the large within 2× of the small, one indexed query per read;
// get-active-member against the get-session floor.
import { load, quiet, tableScans } from './measure.mjs';
import { seed } from './organization-seed.mjs';
import {
  API,
  call,
  CHEAP_BCRYPT_COST,
  LARGE_MEMBERS,
  LARGE_ORGANIZATIONS,
  PAGE,
  READ_CONNECTIONS,
  round,
  SMALL_MEMBERS,
  SMALL_ORGANIZATIONS,
  useOrigin,
} from './organization-steps.mjs';
import { printLoad, startFloorServer } from './scenario-steps.mjs';
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
  useOrigin(stack?.origin ?? url);
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
