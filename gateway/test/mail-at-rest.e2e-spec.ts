import {
  IDENTITY_EVENTS_STREAM,
  IDENTITY_MAIL_STREAM,
  IDENTITY_MAIL_SUBJECTS,
  MAILER_IDENTITY_CONSUMER,
} from '@authsvc/contracts';
import { DEV_DATA_ENCRYPTION_KEY, KeyRing } from '@authsvc/config';
import { createServiceDataSource, PersonalDataVault } from '@authsvc/platform';
import { AckPolicy, DeliverPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { eventually, sleep } from './support/eventually.js';
import { postJson, randomClientIp, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { NATS_ADMIN, TestStack } from './support/test-stack.js';

interface StoredMail {
  id: string;
  source_event_id: string;
  kind: string | null;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  link_expires_at: Date | null;
  redacted_at: Date | null;
}

interface StoredRequest {
  stream_id: string;
  stream_position: number;
  type: string;
  personal: Buffer;
  personal_subject: string;
}

const REDACTED = '[link removed after delivery]';
const RESET_TOKEN = /\/api\/auth\/reset-password\/([A-Za-z0-9]+)/;
const VERIFY_TOKEN = /verify-email\?token=([\w.-]+)/;

// Action links are bearer secrets: once the SMTP server has a mail (or its link expired first), the mailer's
// table keeps what it was (recipient, kind, times, attempts) but not the link. The development mailbox is off
// here, as in production; mail-durability.e2e-spec shows it keeping links where it is on.
describe('mails at rest', () => {
  let stack: TestStack;
  let smtp: SmtpSink;
  let db: pg.Client;
  let identityDb: DataSource;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp());
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    identityDb = createServiceDataSource({
      databaseUrl: new URL(stack.databaseUrl),
      schema: 'identity',
      entities: [],
      migrations: [],
      poolSize: 1,
    });
    await identityDb.initialize();
  });

  afterAll(async () => {
    await identityDb?.destroy();
    await db?.end();
    await stack?.stop();
  });

  const post = (path: string, body: unknown) =>
    postJson(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp() });

  const signUp = async (email: string) =>
    expect((await post('/sign-up/email', { name: 'Rosa', email, password: 'correct-horse-1' })).status).toBe(200);

  const storedMailsTo = async (email: string) =>
    (await db.query<StoredMail>('SELECT * FROM mailer.mails WHERE to_address = $1 ORDER BY created_at', [email])).rows;

  const tokenIn = (email: string, pattern: RegExp) =>
    eventually(async () => smtp.mailsTo(email).flatMap((mail) => pattern.exec(mail.content)?.[1] ?? [])[0], {
      what: `a mail to ${email}`,
    });

  it('keeps no link or token of a delivered mail, and keeps its metadata', async () => {
    const email = uniqueEmail('at-rest');
    await signUp(email);
    const verifyToken = await tokenIn(email, VERIFY_TOKEN);
    expect((await post('/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(200);
    const resetToken = await tokenIn(email, RESET_TOKEN);
    const mails = await eventually(
      async () => {
        const stored = await storedMailsTo(email);
        return stored.length === 2 && stored.every((mail) => mail.redacted_at) ? stored : undefined;
      },
      { what: 'both mails sent and redacted' },
    );
    expect(mails.map((mail) => [mail.kind, mail.subject, mail.status, mail.attempts])).toEqual([
      ['VerificationEmailRequested', 'Verify your email address', 'sent', 1],
      ['PasswordResetRequested', 'Reset your password', 'sent', 1],
    ]);
    for (const mail of mails) {
      const stored = JSON.stringify(mail);
      expect(stored).not.toContain(verifyToken);
      expect(stored).not.toContain(resetToken);
      expect(stored).not.toMatch(/https?:\/\//);
      expect(mail.text).toContain(REDACTED);
      expect(mail.html).toContain(`href="${REDACTED}"`);
      expect(mail.source_event_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(mail.sent_at!.getTime()).toBeGreaterThanOrEqual(mail.created_at.getTime());
      // The links' default lifetime: one hour for both kinds.
      expect(mail.link_expires_at!.getTime() - mail.created_at.getTime()).toBeGreaterThan(59 * 60 * 1000);
    }
  });

  it('keeps no key in the identity event store that opens a published reset link, and the link works', async () => {
    const email = uniqueEmail('reset-at-rest');
    await signUp(email);
    expect((await post('/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(200);
    const token = await tokenIn(email, RESET_TOKEN);
    const [request] = (
      await db.query<StoredRequest>(
        `SELECT events.stream_id, events.stream_position, events.type, events.personal, events.personal_subject
           FROM identity.events JOIN identity.users ON events.data->>'userId' = users.id
          WHERE users.email = $1 AND events.type = 'PasswordResetRequested'`,
        [email],
      )
    ).rows;
    expect(request.personal_subject).toMatch(/#[0-9a-f-]{36}$/);
    const keyOfRequest = () =>
      db
        .query('SELECT 1 FROM identity.data_keys WHERE subject = $1', [request.personal_subject])
        .then(({ rows }) => (rows.length === 0 ? true : undefined));
    await eventually(keyOfRequest, { what: "the request's key erased once published" });
    const vault = new PersonalDataVault('identity', new KeyRing([DEV_DATA_ENCRYPTION_KEY], 'data-key-wrapping'));
    const subjects = (await db.query<{ subject: string }>('SELECT subject FROM identity.data_keys')).rows;
    const keys = await vault.keysOf(
      identityDb.manager,
      subjects.map(({ subject }) => subject),
    );
    const place = { streamId: request.stream_id, streamPosition: request.stream_position, type: request.type };
    for (const subject of keys.keys()) expect(vault.decrypt(keys, subject, request.personal, place)).toBeNull();

    const reset = await post('/reset-password', { token, newPassword: 'a-new-password-1' });
    expect(reset.status).toBe(200);
    expect((await post('/sign-in/email', { email, password: 'a-new-password-1' })).status).toBe(200);
  });

  it('keeps a pending mail whole, and gives it up without its link once the link expired', async () => {
    const email = uniqueEmail('expired');
    await smtp.stop();
    try {
      await signUp(email);
      const [pending] = await eventually(
        async () => {
          const stored = await storedMailsTo(email);
          return stored[0]?.attempts >= 1 ? stored : undefined;
        },
        { what: 'a failed delivery attempt' },
      );
      expect(pending).toMatchObject({ status: 'pending', redacted_at: null });
      expect(pending.text).toMatch(VERIFY_TOKEN);
      // What an hour of SMTP outage would do to this mail's link.
      await db.query("UPDATE mailer.mails SET link_expires_at = now() - interval '1 second' WHERE id = $1", [
        pending.id,
      ]);
      const [expired] = await eventually(
        async () => {
          const stored = await storedMailsTo(email);
          return stored[0]?.status === 'expired' ? stored : undefined;
        },
        { timeoutMs: 30_000, what: 'the mail given up' },
      );
      expect(expired.redacted_at).not.toBeNull();
      expect(expired.sent_at).toBeNull();
      expect(JSON.stringify(expired)).not.toMatch(/https?:\/\//);
    } finally {
      await smtp.start();
    }
    await sleep(3000);
    expect(smtp.mailsTo(email)).toEqual([]);
  });

  it('keeps mail requests in a stream of their own, for the longest link lifetime', async () => {
    const nc = await connect(stack.natsOptions(NATS_ADMIN));
    try {
      const manager = await jetstreamManager(nc);
      const mail = await manager.streams.info(IDENTITY_MAIL_STREAM);
      expect(mail.config.subjects).toEqual(['identity.mail.>']);
      // DELETE_USER_TOKEN_EXPIRES_IN's default, the longest of the link lifetimes.
      expect(mail.config.max_age).toBe(nanos(24 * 60 * 60 * 1000));
      const events = await manager.streams.info(IDENTITY_EVENTS_STREAM);
      expect(events.config.subjects).toEqual(['identity.events.>']);
      expect(events.config.max_age).toBe(nanos(30 * 24 * 60 * 60 * 1000));
    } finally {
      await nc.close();
    }
  });

  it('after an upgrade, stores what the event stream still held for the mailer, then purges it there', async () => {
    const nc = await connect(stack.natsOptions(NATS_ADMIN));
    try {
      const manager = await jetstreamManager(nc);
      await stack.kill('mailer');
      await recreateLegacyStreams(manager);
      const email = uniqueEmail('legacy');
      await signUp(email);
      await eventually(
        async () =>
          (await manager.consumers.info(IDENTITY_EVENTS_STREAM, MAILER_IDENTITY_CONSUMER)).num_pending ? 1 : undefined,
        { what: 'the request waiting in the event stream' },
      );
      await stack.restart('identity');
      await stack.restart('mailer');
      await tokenIn(email, VERIFY_TOKEN);
      await eventually(
        () =>
          manager.consumers.info(IDENTITY_EVENTS_STREAM, MAILER_IDENTITY_CONSUMER).then(
            () => undefined,
            () => true,
          ),
        { what: 'the legacy consumer deleted' },
      );
      const events = await manager.streams.info(IDENTITY_EVENTS_STREAM, { subjects_filter: IDENTITY_MAIL_SUBJECTS });
      expect(events.config.subjects).toEqual(['identity.events.>']);
      expect(events.state.subjects ?? {}).toEqual({});
      await sleep(2000);
      expect(smtp.mailsTo(email)).toHaveLength(1);
    } finally {
      await nc.close();
    }
  });
});

/** What a deployment before the mail-request stream had: mail requests in the event stream, and their consumer. */
async function recreateLegacyStreams(manager: JetStreamManager): Promise<void> {
  await manager.streams.delete(IDENTITY_MAIL_STREAM);
  const events = await manager.streams.info(IDENTITY_EVENTS_STREAM);
  await manager.streams.update(IDENTITY_EVENTS_STREAM, {
    ...events.config,
    subjects: [...events.config.subjects, IDENTITY_MAIL_SUBJECTS],
  });
  await manager.consumers.add(IDENTITY_EVENTS_STREAM, {
    durable_name: MAILER_IDENTITY_CONSUMER,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: IDENTITY_MAIL_SUBJECTS,
  });
}
