// Organization writes (issue 18): create, invite-member and accept-invitation, their p99 at 20 connections.
import { randomUUID } from 'node:crypto';
import { cpuMeter, inParallel, latencySummary, load, quiet } from './measure.mjs';
import {
  API,
  CHEAP_BCRYPT_COST,
  expectOk,
  headers,
  round,
  useOrigin,
  WRITE_CONNECTIONS,
} from './organization-steps.mjs';
import { printLoad, signUp, uniqueEmail, warmUp } from './scenario-steps.mjs';
/**
 * org-writes: create (20 connections, 20 users), then invite-member + accept-invitation: each of 20 loops invites
 * its own users into the organizations its owner created, each invitee accepting with their session.
 */
export async function organizationWritesScenario({ url, stack, processes, cpuGroups, duration }) {
  console.log(`\n## e. organization writes (${WRITE_CONNECTIONS} connections)`);
  useOrigin(stack?.origin ?? url);
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
        // A refusal is quick: a phase answered by refusals measures nothing.
        met: created.p99 <= 150 && created.non2xx === 0,
      },
      ...[
        ['invite-member', invited],
        ['accept-invitation', accepted],
      ].map(([name, result]) => ({
        scenario: `${name}, invite and accept in turn (${WRITE_CONNECTIONS} loops)`,
        result,
        budget: 'p99 ≤ 150 ms',
        met: result.p99 <= 150 && result.non2xx === 0,
      })),
    ],
  };
}

function printCpu(cpu) {
  const parts = cpu.byGroup.filter(({ ms }) => ms >= 0.05).map(({ name, ms }) => `${name} ${round(ms, 2)}`);
  console.log(`  CPU per request (ms): ${parts.join(', ')}; total ${round(cpu.totalMs, 2)}`);
}
