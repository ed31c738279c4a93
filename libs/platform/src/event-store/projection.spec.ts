import { InlineProjector, type RowProjection } from './projection.js';
import type { RecordedEvent } from './recorded-event.js';

class Door {
  id!: string;
  open!: boolean;
}

class Lock {
  doorId!: string;
}

const doors: RowProjection<Door> = {
  entity: Door,
  handles: ['DoorBuilt', 'DoorOpened', 'DoorPainted'],
  creates: ['DoorBuilt'],
  sets: { DoorOpened: () => ({ open: true }) },
  key: (event) => ({ id: (event.data as { doorId: string }).doorId }),
  evolve: (row, event) =>
    event.type === 'DoorBuilt' ? { id: (event.data as { doorId: string }).doorId, open: false } : row,
};

const locks: RowProjection<Lock> = {
  entity: Lock,
  handles: ['DoorBuilt'],
  creates: ['DoorBuilt'],
  key: (event) => ({ doorId: (event.data as { doorId: string }).doorId }),
  evolve: (_row, event) => ({ doorId: (event.data as { doorId: string }).doorId }),
};

function event(type: string, doorId = 'd1'): RecordedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: `door-${doorId}`,
    streamPosition: 1,
    globalPosition: '1',
    data: { doorId },
    personal: null,
    personalSubject: null,
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('InlineProjector.directWrites', () => {
  const projector = new InlineProjector([doors, locks] as RowProjection<object>[]);

  it('inserts the rows that events start, in every projection that starts one', () => {
    expect(projector.directWrites([event('DoorBuilt')])).toEqual([
      { entity: Door, row: { id: 'd1', open: false } },
      { entity: Lock, row: { doorId: 'd1' } },
    ]);
  });

  it('updates by key the columns an event sets, without the current row', () => {
    expect(projector.directWrites([event('DoorOpened')])).toEqual([
      { entity: Door, key: { id: 'd1' }, values: { open: true } },
    ]);
  });

  it('leaves to a transaction what one statement cannot do', () => {
    // A change that needs the current row.
    expect(projector.directWrites([event('DoorPainted')])).toBeNull();
    // An update of a table that the same append starts a row in: the statement would not see the new row.
    expect(projector.directWrites([event('DoorBuilt'), event('DoorOpened')])).toBeNull();
    // Two updates of one table in one statement.
    expect(projector.directWrites([event('DoorOpened', 'd1'), event('DoorOpened', 'd2')])).toBeNull();
  });
});
