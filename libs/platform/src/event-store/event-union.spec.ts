import { defineEvent } from '@authsvc/contracts';
import { EventUnion } from './event-union.js';
import type { RecordedEvent } from './recorded-event.js';

const DoorOpened = defineEvent<'DoorOpened', { doorId: string }>('DoorOpened', 'test.events.door.opened');
const DoorClosed = defineEvent<'DoorClosed', { doorId: string }>('DoorClosed', 'test.events.door.closed');

function recorded(type: string): RecordedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'door-1',
    streamPosition: 1,
    globalPosition: '1',
    data: { doorId: '1' },
    personal: null,
    personalSubject: null,
    metadata: { eventId: 'e1', correlationId: 'c1', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('EventUnion', () => {
  const doorEvents = new EventUnion([DoorOpened, DoorClosed]);

  it('narrows an event of the union to its member', () => {
    const event = doorEvents.narrow(recorded('DoorClosed'));
    expect(event.type === 'DoorClosed' && event.data.doorId).toBe('1');
  });

  it('refuses an event its aggregate does not record', () => {
    expect(() => doorEvents.narrow(recorded('WindowOpened'))).toThrow(
      'stream door-1 holds a WindowOpened event, which its aggregate does not record',
    );
  });
});
