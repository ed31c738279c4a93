import {
  BackEndNatsAccess,
  IDENTITY_EVENTS_STREAM,
  IDENTITY_MAIL_STREAM,
  IDENTITY_MAIL_SUBJECTS,
  LegacyMailConsumer,
  IdentityRpc,
  MemberRpc,
  MailerConsumers,
  PasswordResetRequested,
  SessionConsumers,
  SessionRpc,
} from '@authsvc/contracts';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeyAuthenticator, nkeys, type NatsConnection } from '@nats-io/transport-node';
import { TestStack } from './support/test-stack.js';

/** What a Nest NATS client sends: the services answer this packet. */
const packet = (subject: string, data: object) =>
  JSON.stringify({ pattern: subject, data: { correlationId: 'authz-e2e', ...data }, id: 'authz-e2e' });

/** The error of a request nats-server refuses to carry (or the answer, when it is carried). */
async function attempt(nc: NatsConnection, subject: string, data: object = {}): Promise<string> {
  return nc.request(subject, packet(subject, data), { timeout: 3000 }).then(
    (answer) => `answered: ${answer.string()}`,
    (error: Error) => error.message,
  );
}

/**
 * The error ending a subscription nats-server refuses. The client hands the server's refusal to the subscription or,
 * when it arrives first, to the flush that follows it: either is the answer.
 */
async function subscriptionRefusal(nc: NatsConnection, subject: string): Promise<string> {
  const subscription = nc.subscribe(subject);
  const ended = (async () => {
    for await (const message of subscription) return `received ${message.subject}`;
    return 'ended';
  })().catch((error: Error) => error.message);
  const flushed = nc.flush().then(
    () => ended,
    (error: Error) => error.message,
  );
  return Promise.race([ended, flushed]);
}

const refusedPublish = (subject: string) => `Permissions Violation for Publish to "${subject}"`;

describe('NATS authorization: each app its own credential, allowed its own subjects only', () => {
  let stack: TestStack;
  const connections: NatsConnection[] = [];
  const connectAs = async (user: string) => {
    const nc = await connect({ ...stack.natsOptions(user), maxReconnectAttempts: 0 });
    connections.push(nc);
    return nc;
  };

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close()));
    // This suite uses the apps' credentials for what they may not do, on purpose.
    await stack?.stop({ appRefusalsExpected: true });
  });

  it('refuses a client without credentials', async () => {
    await expect(connect({ servers: stack.natsUrl, maxReconnectAttempts: 0 })).rejects.toThrow(
      /Authorization Violation/,
    );
  });

  it('refuses a key the server does not list', async () => {
    const stranger = nkeyAuthenticator(nkeys.createUser().getSeed());
    await expect(connect({ servers: stack.natsUrl, authenticator: stranger, maxReconnectAttempts: 0 })).rejects.toThrow(
      /Authorization Violation/,
    );
  });

  it("carries the gateway's requests, and refuses it the internal requests no route of it makes", async () => {
    const gateway = await connectAs('gateway');
    expect(await attempt(gateway, IdentityRpc.isUsernameAvailable.subject, { username: 'free_name_1' })).toMatch(
      /^answered: .*"available":true/,
    );
    // start-proven: a session started with a user view the sender vouches for (identity's alone).
    const internal = [
      SessionRpc.refreshUser,
      SessionRpc.startProven,
      IdentityRpc.setPassword,
      IdentityRpc.setRoleByEmail,
    ];
    for (const rpc of [...internal, MemberRpc.add]) {
      expect(await attempt(gateway, rpc.subject, { userId: 'someone' })).toBe(refusedPublish(rpc.subject));
    }
  });

  it("does not let the gateway's credential read mail requests (reset links) or other apps' replies", async () => {
    const gateway = await connectAs('gateway');
    for (const subject of [IDENTITY_MAIL_SUBJECTS, '>', '_INBOX.>', '_INBOX.identity.>']) {
      expect(await subscriptionRefusal(gateway, subject)).toBe(
        `Permissions Violation for Subscription to "${subject}"`,
      );
    }
  });

  it("does not let the mailer's credential do identity's or the gateway's job", async () => {
    const mailer = await connectAs('mailer');
    const deleteUser = IdentityRpc.deleteUser.subject;
    expect(await attempt(mailer, deleteUser, { userId: 'someone', freshSession: true })).toBe(
      refusedPublish(deleteUser),
    );
    // Forging a mail request (a reset link of the forger's choosing, mailed from the real sender).
    expect(await attempt(mailer, PasswordResetRequested.subject)).toBe(refusedPublish(PasswordResetRequested.subject));
    // Reading identity's stream other than through its own consumer.
    const getMessage = `$JS.API.STREAM.MSG.GET.${IDENTITY_EVENTS_STREAM}`;
    expect(await attempt(mailer, getMessage, { seq: 1 })).toBe(refusedPublish(getMessage));
    const { stream, durableName } = MailerConsumers.identityMail;
    const widened = `$JS.API.CONSUMER.CREATE.${stream}.${durableName}.identity.events.>`;
    expect(await attempt(mailer, widened)).toBe(refusedPublish(widened));
    // The retired consumer it drains on upgrade: never made again, and no other stream purged.
    const recreated = `$JS.API.CONSUMER.CREATE.${IDENTITY_EVENTS_STREAM}.${LegacyMailConsumer.durableName}.identity.events.>`;
    expect(await attempt(mailer, recreated)).toBe(refusedPublish(recreated));
    const purgeMail = `$JS.API.STREAM.PURGE.${IDENTITY_MAIL_STREAM}`;
    expect(await attempt(mailer, purgeMail)).toBe(refusedPublish(purgeMail));
    expect(stack.appRefusals().join('\n')).toContain(`Subject "${deleteUser}"`);
  });

  it("does not let the back end's credential go beyond its requests", async () => {
    const backEnd = await connectAs(BackEndNatsAccess.user);
    expect(
      await attempt(backEnd, IdentityRpc.setPassword.subject, { userId: 'no-such-user', newPassword: 'a-password-1' }),
    ).toMatch(/^answered: .*USER_NOT_FOUND/);
    expect(await attempt(backEnd, IdentityRpc.deleteUser.subject, { userId: 'someone', freshSession: true })).toBe(
      refusedPublish(IdentityRpc.deleteUser.subject),
    );
    expect(await subscriptionRefusal(backEnd, IDENTITY_MAIL_SUBJECTS)).toMatch(
      /Permissions Violation for Subscription/,
    );
  });

  it("does not let the session service's credential read identity's mail requests through JetStream", async () => {
    const session = await connectAs('session');
    const manager = await jetstreamManager(session);
    const { stream, durableName } = SessionConsumers.identityUsers;
    await expect(
      manager.consumers.add(stream, {
        durable_name: durableName,
        ack_policy: AckPolicy.Explicit,
        filter_subject: IDENTITY_MAIL_SUBJECTS,
      }),
    ).rejects.toThrow(/Permissions Violation for Publish/);
    await expect(
      manager.consumers.add(IDENTITY_MAIL_STREAM, {
        durable_name: durableName,
        ack_policy: AckPolicy.Explicit,
        filter_subject: IDENTITY_MAIL_SUBJECTS,
      }),
    ).rejects.toThrow(/Permissions Violation for Publish/);
    const getMail = `$JS.API.STREAM.MSG.GET.${IDENTITY_MAIL_STREAM}`;
    expect(await attempt(session, getMail, { seq: 1 })).toBe(refusedPublish(getMail));
  });
});
