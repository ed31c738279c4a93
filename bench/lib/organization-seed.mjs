// Seeds the organization reads: two sizes of organization, members added over NATS as the back end does.
import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { MemberRpc, natsInboxPrefix } from '@authsvc/contracts';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { inParallel } from './measure.mjs';
import {
  ADD_CONCURRENCY,
  createOrganization,
  expectOk,
  INVITATIONS_PER_ORGANIZATION,
  LARGE_MEMBERS,
  LARGE_ORGANIZATIONS,
  round,
  SMALL_MEMBERS,
  SMALL_ORGANIZATIONS,
  WRITE_CONNECTIONS,
} from './organization-steps.mjs';
import { signUp, signUpUser, uniqueEmail } from './scenario-steps.mjs';
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
export async function seed({ url, stack, pg }) {
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
