import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  IdentityNatsAccess,
  MailerRpc,
  OrganizationNatsAccess,
  type DurableConsumerDefinition,
  type MailView,
  type PublishedEvent,
} from '@authsvc/contracts';
import { DAY_MS, ensureStream } from '@authsvc/platform';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { eventually } from '../../../../gateway/test/support/eventually.js';
import { freePort } from '../../../../gateway/test/support/free-port.js';
import { SmtpSink } from '../../../../gateway/test/support/smtp-sink.js';
import { NATS_ADMIN } from '../../../../gateway/test/support/test-stack.js';
import { PrivateNatsServer } from '../../../../test/support/private-nats-server.js';

const ROOT = process.cwd();
const ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const MAILER_ENTRY = join(ROOT, 'services/mailer/dist/main.js');
const LOG_TAIL = 60;

/**
 * The built mailer alone, in `replicas` processes, as the other services see it: a private nats-server enforcing
 * the committed authorization (PrivateNatsServer), the streams its consumers read made by their owners'
 * credentials, a database of its own (`authsvc_test_…`, dropped at stop; a killed run's is dropped by a later
 * TestStack) and an SMTP sink. The tests publish as the organization service would and read what was mailed.
 */
export class MailerStack {
  private readonly processes: ChildProcess[] = [];
  private readonly logs: string[] = [];
  private readonly connections = new Map<string, NatsConnection>();
  private nats?: PrivateNatsServer;

  private constructor(
    private readonly databaseUrl: string,
    readonly smtp: SmtpSink,
  ) {}

  /** Starts `replicas` mailers with `env` on top of the stack's variables. */
  static async start({ replicas = 1, env = {} }: { replicas?: number; env?: Record<string, string> } = {}) {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const databaseUrl = `${ADMIN_DATABASE_URL.replace(/\/postgres$/, '')}/authsvc_test_${suffix}`;
    const stack = new MailerStack(databaseUrl, new SmtpSink(await freePort()));
    try {
      stack.nats = await PrivateNatsServer.start();
      await stack.ensureStreams();
      await stack.smtp.start();
      const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
      await Promise.all(ports.map((port) => stack.spawnMailer(port, env)));
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /**
   * Publishes `event` to JetStream as its service's relay does (`identity.…` as identity, `organization.…` as the
   * organization service), `Nats-Msg-Id` included; its sequence in the stream.
   */
  async publish(subject: string, event: PublishedEvent, msgID = event.metadata.eventId): Promise<number> {
    const publisher = await this.connection(subject.split('.')[0]);
    const { seq } = await jetstream(publisher).publish(subject, JSON.stringify(event), { msgID });
    return seq;
  }

  /** Resolves once the durable consumer acknowledged every message of its stream up to `seq`, and holds no other. */
  async acknowledged(consumer: DurableConsumerDefinition, seq: number): Promise<void> {
    const manager = await jetstreamManager(await this.connection(NATS_ADMIN));
    await eventually(
      async () => {
        const info = await manager.consumers.info(consumer.stream, consumer.durableName);
        const done = info.ack_floor.stream_seq >= seq && info.num_pending + info.num_ack_pending === 0;
        return done ? true : undefined;
      },
      { what: `${consumer.durableName} to acknowledge up to ${seq}` },
    );
  }

  /** The stored mails asked for by these events. */
  async storedMails(
    sourceEventIds: readonly string[],
  ): Promise<{ status: string; organizationId: string; userId: string }[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT status, organization_id AS "organizationId", user_id AS "userId"
           FROM mailer.mails WHERE source_event_id = ANY($1::uuid[])`,
        [sourceEventIds],
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  /** The development mailbox, asked for as the gateway does for GET /dev/mailbox. */
  async mailbox(): Promise<MailView[]> {
    const gateway = await this.connection('gateway');
    const subject = MailerRpc.listMailbox.subject;
    const packet = { pattern: subject, data: { correlationId: 'mailer-int-spec', limit: 500 }, id: 'mailbox' };
    const answer = await gateway.request(subject, JSON.stringify(packet), { timeout: 5000 });
    return (answer.json() as { response: MailView[] }).response;
  }

  /** Stops everything, then fails if nats-server refused an app's credential anything (the authorization is too tight). */
  async stop(): Promise<void> {
    await Promise.all(this.processes.map((child) => stopped(child)));
    await Promise.all([...this.connections.values()].map((nc) => nc.close()));
    await this.nats?.stop();
    const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(this.databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
    await this.smtp.stop();
    const refused = this.nats?.refusalsOfDeclaredUsers() ?? [];
    if (refused.length > 0) throw new Error(`nats-server refused the apps:\n${refused.join('\n')}`);
  }

  private async connection(user: string): Promise<NatsConnection> {
    let nc = this.connections.get(user);
    if (!nc) {
      nc = await this.nats!.connect(user);
      this.connections.set(user, nc);
    }
    return nc;
  }

  /** The streams the mailer's consumers read, made as identity and the organization service make them at start. */
  private async ensureStreams(): Promise<void> {
    for (const access of [IdentityNatsAccess, OrganizationNatsAccess]) {
      const nc = await this.connection(access.user);
      for (const { stream, subjects } of access.publishes ?? []) {
        await ensureStream(nc, { name: stream, subjects, maxAgeMs: DAY_MS });
      }
    }
  }

  private async spawnMailer(port: number, env: Record<string, string>): Promise<void> {
    const child = spawn(process.execPath, [MAILER_ENTRY], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: this.databaseUrl,
        NATS_URL: this.nats!.url,
        NATS_NKEY_SEED: this.nats!.seedOf('mailer'),
        HEALTH_PORT: String(port),
        SMTP_URL: this.smtp.url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      this.logs.splice(0, Math.max(this.logs.length - LOG_TAIL, 0));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.processes.push(child);
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`mailer exited:\n${this.logs.join('\n')}`);
        const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
        return response.status === 200 ? true : undefined;
      },
      { timeoutMs: 30_000, what: 'the mailer to be ready' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- mailer log ---\n${this.logs.join('\n')}`);
    });
  }
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}
