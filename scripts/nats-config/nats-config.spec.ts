import { defineRpc, type NatsAccess } from '@authsvc/contracts';
import { natsPermissions } from './nats-permissions.js';
import { publicKeyFromEnvironment, renderNatsServerConfig } from './nats-server-config.js';

class Request {}
const served = defineRpc<Request, null>('door.rpc.door.open', Request);
const called = defineRpc<Request, null>('lock.rpc.lock.turn', Request);
const nothing: NatsAccess = { user: 'idle', serves: [], calls: [], consumes: [] };

describe("NATS permissions from an app's declared access", () => {
  it('lets an app answer what it serves, call what it calls, and read replies in its own inboxes only', () => {
    expect(natsPermissions({ ...nothing, user: 'door', serves: [served], calls: [called] })).toEqual({
      user: 'door',
      publish: ['lock.rpc.lock.turn'],
      subscribe: ['door.rpc.door.open', '_INBOX.door.>'],
      allowResponses: true,
    });
  });

  it('answers nothing for an app that serves nothing', () => {
    expect(natsPermissions({ ...nothing, calls: [called] }).allowResponses).toBe(false);
  });

  it("lets a streams' owner manage each of them and publish their subjects, nothing of other streams", () => {
    const { publish } = natsPermissions({
      ...nothing,
      publishes: [
        { stream: 'DOOR_EVENTS', subjects: ['door.events.>'] },
        { stream: 'DOOR_MAIL', subjects: ['door.mail.>'] },
      ],
    });
    expect(publish).toEqual([
      'door.events.>',
      '$JS.API.STREAM.INFO.DOOR_EVENTS',
      '$JS.API.STREAM.CREATE.DOOR_EVENTS',
      '$JS.API.STREAM.UPDATE.DOOR_EVENTS',
      'door.mail.>',
      '$JS.API.STREAM.INFO.DOOR_MAIL',
      '$JS.API.STREAM.CREATE.DOOR_MAIL',
      '$JS.API.STREAM.UPDATE.DOOR_MAIL',
      '$JS.API.INFO',
    ]);
  });

  it('lets an app drain, purge and delete a retired consumer, but never create it again', () => {
    const retired = { stream: 'DOOR_EVENTS', durableName: 'lock-mail', filterSubject: 'door.mail.>' };
    expect(natsPermissions({ ...nothing, drains: [retired] }).publish).toEqual([
      '$JS.API.CONSUMER.INFO.DOOR_EVENTS.lock-mail',
      '$JS.API.CONSUMER.MSG.NEXT.DOOR_EVENTS.lock-mail',
      '$JS.ACK.DOOR_EVENTS.lock-mail.>',
      '$JS.API.STREAM.INFO.DOOR_EVENTS',
      '$JS.API.STREAM.PURGE.DOOR_EVENTS',
      '$JS.API.CONSUMER.DELETE.DOOR_EVENTS.lock-mail',
      '$JS.API.INFO',
    ]);
  });

  it('lets a consumer create, read and acknowledge its own durable consumer, with its own filter only', () => {
    const consumer = { stream: 'DOOR_EVENTS', durableName: 'lock-doors', filterSubject: 'door.events.door.>' };
    expect(natsPermissions({ ...nothing, consumes: [consumer] }).publish).toEqual([
      '$JS.API.CONSUMER.INFO.DOOR_EVENTS.lock-doors',
      '$JS.API.CONSUMER.CREATE.DOOR_EVENTS.lock-doors.door.events.door.>',
      '$JS.API.CONSUMER.MSG.NEXT.DOOR_EVENTS.lock-doors',
      '$JS.ACK.DOOR_EVENTS.lock-doors.>',
      '$JS.API.INFO',
    ]);
  });

  it('lets the owner of a replayable consumer delete it, to create it again from an earlier start', () => {
    const consumer = { stream: 'DOOR_EVENTS', durableName: 'audit', filterSubject: 'door.events.>', replayable: true };
    expect(natsPermissions({ ...nothing, consumes: [consumer] }).publish).toEqual([
      '$JS.API.CONSUMER.INFO.DOOR_EVENTS.audit',
      '$JS.API.CONSUMER.CREATE.DOOR_EVENTS.audit.door.events.>',
      '$JS.API.CONSUMER.MSG.NEXT.DOOR_EVENTS.audit',
      '$JS.ACK.DOOR_EVENTS.audit.>',
      '$JS.API.CONSUMER.DELETE.DOOR_EVENTS.audit',
      '$JS.API.INFO',
    ]);
  });
});

describe('nats-server configuration', () => {
  const config = renderNatsServerConfig(
    [natsPermissions({ ...nothing, user: 'door', serves: [served] }), { ...natsPermissions(nothing), publish: [] }],
    publicKeyFromEnvironment,
  );

  it('names each user by the environment variable holding its public key', () => {
    expect(config).toContain('nkey: $AUTHSVC_DOOR_NKEY');
    expect(config).toContain('nkey: $AUTHSVC_IDLE_NKEY');
  });

  it('denies everything where an app has nothing to do (an empty allow list would allow all)', () => {
    expect(config).toContain('publish: { deny: [">"] }');
    expect(config).not.toMatch(/allow: \[\s*\]/);
  });

  it('lets only apps that serve requests answer them', () => {
    expect(config.match(/allow_responses: true/g)).toHaveLength(1);
  });
});
