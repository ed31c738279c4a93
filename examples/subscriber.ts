/**
 * A subscriber to the organization events, for an internal system to copy: it keeps who is a member of which
 * organization, with which role, in a local JSON file (docs/events.md explains each choice).
 *
 *   npx tsc -p examples
 *   NATS_URL=nats://127.0.0.1:4222 NATS_NKEY_SEED=SU… STATE_FILE=members.json node examples/dist/subscriber.js
 *
 * It imports only the NATS client and Node, nothing of this repository, so the file can be copied as it is.
 * Delivery is at least once; each event still takes effect once, because the state remembers the ids of the
 * events it applied, written together with the effect (one file, replaced atomically) before the acknowledgement.
 * One event at a time is in flight (`max_ack_pending: 1`), so even after a crash events arrive in the order of the
 * stream, which keeps each organization's events in their order. A file suits one process: replicas sharing the
 * durable consumer keep the state and the applied ids in a shared database instead.
 *
 * Environment: NATS_URL, NATS_NKEY_SEED (the `backend` user's seed), NATS_USER (`backend`: its reply inboxes),
 * STATE_FILE, DURABLE_NAME (`backend-organization-events`, as its NATS permissions name it), ACK_WAIT_SECONDS
 * (30: how long an event taken by a crashed process waits before it is delivered again), REPLAY_FROM (an ISO time
 * or a stream sequence: start the consumer again from there; run one replica, once).
 */
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, nkeyAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { open, readFile, rename } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const STREAM = 'ORGANIZATION_EVENTS';
/** The filter the durable consumer was declared with: its NATS permissions allow no other. */
const FILTER_SUBJECT = 'organization.events.>';
/** The schema version of each event type this code understands (docs/events/schemas). */
const UNDERSTOOD: Readonly<Record<string, number>> = { MemberAdded: 1, MemberRoleChanged: 1, MemberRemoved: 1 };

/** An event as JetStream carries it, with the fields this subscriber reads. */
export interface PublishedEvent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly streamPosition: number;
  readonly data: {
    readonly organizationId: string;
    readonly memberId: string;
    readonly userId: string;
    readonly role?: string;
  };
  readonly metadata: { readonly eventId: string };
}

export interface MembershipState {
  /** Per organization id: the stream position of the last event applied, and the members by member id. */
  readonly organizations: Readonly<
    Record<string, { readonly position: number; readonly members: Readonly<Record<string, Member>> }>
  >;
  /** The ids of the events applied, in order: a delivered event whose id is here was applied already. */
  readonly applied: readonly string[];
}

export interface Member {
  readonly userId: string;
  readonly role: string;
}

export interface Settings {
  readonly natsUrl: string;
  readonly natsUser: string;
  readonly seed: string;
  readonly stateFile: string;
  readonly durableName: string;
  readonly ackWaitSeconds: number;
  readonly replayFrom?: string;
}

/**
 * Whether an event changes the state: `false` for the events this subscriber does not follow and for those it
 * applied already. An event newer than this code understands, or older than the organization's last applied
 * one, stops it: going on would build a wrong state.
 */
function isNew(state: MembershipState, applied: ReadonlySet<string>, event: PublishedEvent): boolean {
  const understood = UNDERSTOOD[event.type];
  if (understood === undefined || applied.has(event.metadata.eventId)) return false;
  if (event.schemaVersion > understood) {
    throw new Error(`${event.type} has schema version ${event.schemaVersion}: update this subscriber to read it`);
  }
  const last = state.organizations[event.data.organizationId]?.position ?? 0;
  if (event.streamPosition <= last) {
    throw new Error(`${event.type} at position ${event.streamPosition} arrived after position ${last}`);
  }
  return true;
}

/** The state with a membership event applied. */
function applyEvent(state: MembershipState, event: PublishedEvent): MembershipState {
  const { organizationId, memberId, userId, role } = event.data;
  const members = { ...state.organizations[organizationId]?.members };
  if (event.type === 'MemberRemoved') delete members[memberId];
  else members[memberId] = { userId, role: role ?? '' };
  return {
    organizations: { ...state.organizations, [organizationId]: { position: event.streamPosition, members } },
    applied: [...state.applied, event.metadata.eventId],
  };
}

/** The state in its file, replaced whole on each change so that a crash leaves the old or the new one. */
class StateFile {
  private constructor(
    private readonly path: string,
    public state: MembershipState,
    readonly applied: Set<string>,
  ) {}

  static async open(path: string): Promise<StateFile> {
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    const state: MembershipState = text ? JSON.parse(text) : { organizations: {}, applied: [] };
    return new StateFile(path, state, new Set(state.applied));
  }

  async apply(event: PublishedEvent): Promise<void> {
    const state = applyEvent(this.state, event);
    const temporary = `${this.path}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(JSON.stringify(state));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, this.path);
    this.state = state;
    this.applied.add(event.metadata.eventId);
  }
}

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString()} subscriber: ${message}\n`);
}

/** Where a new consumer starts: at the beginning of the stream, or where a replay asks. */
function startOf(replayFrom: string | undefined): Partial<ConsumerConfig> {
  if (replayFrom === undefined) return { deliver_policy: DeliverPolicy.All };
  if (/^[1-9][0-9]*$/.test(replayFrom))
    return { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: Number(replayFrom) };
  const time = new Date(replayFrom);
  if (Number.isNaN(time.getTime())) throw new Error(`REPLAY_FROM ${replayFrom} is neither an ISO time nor a sequence`);
  return { deliver_policy: DeliverPolicy.StartTime, opt_start_time: time.toISOString() };
}

/**
 * Creates the durable consumer unless it exists. A replay deletes it first: an existing consumer's start cannot
 * be moved, and the events delivered again that were applied already are recognised by their ids.
 */
async function bindConsumer(nc: NatsConnection, settings: Settings) {
  const manager = await jetstreamManager(nc);
  const exists = () =>
    manager.consumers.info(STREAM, settings.durableName).then(
      () => true,
      () => false,
    );
  if (settings.replayFrom !== undefined && (await exists()))
    await manager.consumers.delete(STREAM, settings.durableName);
  if (!(await exists())) {
    await manager.consumers.add(STREAM, {
      durable_name: settings.durableName,
      filter_subject: FILTER_SUBJECT,
      ack_policy: AckPolicy.Explicit,
      max_ack_pending: 1,
      ack_wait: nanos(settings.ackWaitSeconds * 1000),
      max_deliver: -1,
      ...startOf(settings.replayFrom),
    });
  }
  return jetstream(nc).consumers.get(STREAM, settings.durableName);
}

async function handle(message: JsMsg, file: StateFile): Promise<void> {
  const event = message.json<PublishedEvent>();
  if (isNew(file.state, file.applied, event)) await file.apply(event);
  // Acknowledged once the effect is on disk: a crash before this line has the event delivered again, and skipped.
  // An acknowledgement left unconfirmed (the consumer's leader moving to another node of a NATS cluster) is no reason
  // to stop: if it was lost, the event comes again after ACK_WAIT_SECONDS, is skipped, and is acknowledged then.
  await message.ackAck().catch((error: unknown) => {
    log(`acknowledgement of ${event.metadata.eventId} unconfirmed (${String(error)}): if lost, the event comes again`);
  });
}

/**
 * How long each pull for the next event lives (the client's default is 30 s). After its NATS node is lost the
 * client asks for the consumer again, and waits this long between failed attempts while JetStream elects new
 * leaders; it also takes a pull as lost after missing heartbeats for this long. With the default an event could
 * wait half a minute after a node loss (the chaos run saw it); an idle consumer now sends one pull every 5 s.
 */
const PULL_EXPIRES_MS = 5_000;

/** The consumer's notifications that something is amiss (the rest are informational). */
const CONSUMER_TROUBLE = new Set([
  'heartbeats_missed',
  'consumer_not_found',
  'stream_not_found',
  'consumer_deleted',
  'no_responders',
  'exceeded_limits',
  'reset',
]);

/** Logs lost and regained NATS connections and the consumer's trouble: an operator's first clue to a stall. */
function logTrouble(nc: NatsConnection, messages: ConsumerMessages): void {
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') log(`NATS ${status.type}: ${status.server}`);
    }
  })();
  void (async () => {
    for await (const status of messages.status()) {
      if (CONSUMER_TROUBLE.has(status.type)) log(`consumer: ${JSON.stringify(status)}`);
    }
  })();
}

/** Consumes until SIGTERM or SIGINT (then finishes the event in hand), or until an event cannot be applied. */
export async function runSubscriber(settings: Settings): Promise<void> {
  const file = await StateFile.open(settings.stateFile);
  const nc = await connect({
    // NATS_URL may list a cluster's servers, separated by commas, as the apps' does.
    servers: settings.natsUrl.split(','),
    authenticator: nkeyAuthenticator(new TextEncoder().encode(settings.seed)),
    // The NATS authorization lets each user read replies only under its own prefix.
    inboxPrefix: `_INBOX.${settings.natsUser}`,
    name: 'organization-events-subscriber',
    maxReconnectAttempts: -1,
  });
  try {
    const messages = await (await bindConsumer(nc, settings)).consume({ max_messages: 1, expires: PULL_EXPIRES_MS });
    const stop = () => void messages.close();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    log(`consuming ${STREAM} as ${settings.durableName}, ${file.applied.size} events applied so far`);
    logTrouble(nc, messages);
    for await (const message of messages) await handle(message, file);
    log('stopped');
  } finally {
    await nc.close();
  }
}

export function settingsFromEnvironment(env: NodeJS.ProcessEnv): Settings {
  const seed = env.NATS_NKEY_SEED;
  if (!seed) throw new Error('NATS_NKEY_SEED is required: the seed (SU…) of the NATS user backend');
  const ackWaitSeconds = Number(env.ACK_WAIT_SECONDS ?? 30);
  if (!(ackWaitSeconds > 0)) throw new Error(`ACK_WAIT_SECONDS ${env.ACK_WAIT_SECONDS} is not a positive number`);
  return {
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    natsUser: env.NATS_USER ?? 'backend',
    seed,
    stateFile: env.STATE_FILE ?? 'organization-members.json',
    durableName: env.DURABLE_NAME ?? 'backend-organization-events',
    ackWaitSeconds,
    replayFrom: env.REPLAY_FROM || undefined,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  Promise.resolve()
    .then(() => runSubscriber(settingsFromEnvironment(process.env)))
    .catch((error: unknown) => {
      log(`failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
}
