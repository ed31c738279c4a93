import {
  natsInboxPrefix,
  type DurableConsumerDefinition,
  type NatsAccess,
  type PublishedStream,
} from '@authsvc/contracts';

/** One user of the NATS server's authorization: the subjects an app may publish and subscribe to. */
export interface NatsUserPermissions {
  readonly user: string;
  readonly publish: readonly string[];
  readonly subscribe: readonly string[];
  /** It may answer the requests it receives: publish once to each one's reply subject, whoever sent it. */
  readonly allowResponses: boolean;
}

const JS_API = '$JS.API';

/** The stream's owner creates and updates it (at start-up) and publishes its events to it. */
function streamOwnerSubjects({ stream, subjects }: PublishedStream): string[] {
  return [...subjects, ...['INFO', 'CREATE', 'UPDATE'].map((action) => `${JS_API}.STREAM.${action}.${stream}`)];
}

/**
 * A durable consumer's own API subjects only: its create subject carries its filter, so it cannot be re-pointed
 * at other subjects, and no message of the stream can be read any other way (no `STREAM.MSG.GET`). A replayable
 * one may be deleted too, and created again with the same filter from an earlier start.
 */
function consumerSubjects({ stream, durableName, filterSubject, replayable }: DurableConsumerDefinition): string[] {
  return [
    `${JS_API}.CONSUMER.INFO.${stream}.${durableName}`,
    `${JS_API}.CONSUMER.CREATE.${stream}.${durableName}.${filterSubject}`,
    `${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durableName}`,
    `$JS.ACK.${stream}.${durableName}.>`,
    ...(replayable ? [`${JS_API}.CONSUMER.DELETE.${stream}.${durableName}`] : []),
  ];
}

/**
 * A retired durable consumer: read what it still holds (no create subject: it cannot be made again or
 * re-pointed), see whether its stream still binds its subjects, purge them from it, then delete it. JetStream
 * has no purge subject per filter, so the purge subject is the stream's.
 */
function drainSubjects({ stream, durableName }: DurableConsumerDefinition): string[] {
  return [
    `${JS_API}.CONSUMER.INFO.${stream}.${durableName}`,
    `${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durableName}`,
    `$JS.ACK.${stream}.${durableName}.>`,
    `${JS_API}.STREAM.INFO.${stream}`,
    `${JS_API}.STREAM.PURGE.${stream}`,
    `${JS_API}.CONSUMER.DELETE.${stream}.${durableName}`,
  ];
}

/**
 * The permissions of one app, from what it declares: requests to what it calls; answers (through
 * `allow_responses`) to what it serves; its streams, its consumers and the retired consumers it drains through
 * their own JetStream API subjects;
 * replies only in its own inboxes.
 */
export function natsPermissions(access: NatsAccess): NatsUserPermissions {
  const publishes = access.publishes ?? [];
  const drains = access.drains ?? [];
  const usesJetStream = publishes.length + access.consumes.length + drains.length > 0;
  const publish = [
    ...access.calls.map((rpc) => rpc.subject),
    ...publishes.flatMap(streamOwnerSubjects),
    ...access.consumes.flatMap(consumerSubjects),
    ...drains.flatMap(drainSubjects),
    ...(usesJetStream ? [`${JS_API}.INFO`] : []),
  ];
  return {
    user: access.user,
    publish: [...new Set(publish)],
    subscribe: [
      ...access.serves.map((rpc) => rpc.subject),
      ...(access.listens ?? []),
      `${natsInboxPrefix(access.user)}.>`,
    ],
    allowResponses: access.serves.length > 0,
  };
}
