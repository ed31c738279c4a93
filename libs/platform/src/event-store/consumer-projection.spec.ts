import type { PublishedEvent } from '@authsvc/contracts';
import {
  ConsumerProjector,
  type ConsumerProjection,
  type ViewDecision,
  type ViewStore,
} from './consumer-projection.js';

/** How many times a door was opened, and the last position counted: a copy at or below it counts nothing. */
interface DoorCount {
  readonly opened: number;
  readonly lastPosition: number;
}

const doorCounts: ConsumerProjection<DoorCount, 'counted' | 'duplicate'> = {
  handles: ['DoorOpened'],
  key: (event) => (event.data as { doorId: string | null }).doorId,
  evolve: (view, event) => {
    const position = Number(event.globalPosition);
    if (view && position <= view.lastPosition) return { result: 'duplicate' };
    return { write: { opened: (view?.opened ?? 0) + 1, lastPosition: position }, result: 'counted' };
  },
};

class InMemoryViews implements ViewStore<DoorCount> {
  readonly views = new Map<string, DoorCount>();

  async update<Result>(key: string, decide: (current: DoorCount | null) => ViewDecision<DoorCount, Result>) {
    const { write, result } = decide(this.views.get(key) ?? null);
    if (write) this.views.set(key, write);
    return result;
  }
}

function published(type: string, position: number, doorId: string | null = 'd1'): PublishedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: `door-${doorId}`,
    streamPosition: position,
    globalPosition: String(position),
    data: { doorId },
    personal: null,
    metadata: { eventId: `e${position}`, correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('ConsumerProjector', () => {
  it('writes what evolve decides and answers the key, the view before the event and the outcome', async () => {
    const views = new InMemoryViews();
    const projector = new ConsumerProjector(doorCounts, views);
    expect(await projector.apply(published('DoorOpened', 1))).toEqual({
      key: 'd1',
      previous: null,
      outcome: 'counted',
    });
    expect(await projector.apply(published('DoorOpened', 2))).toEqual({
      key: 'd1',
      previous: { opened: 1, lastPosition: 1 },
      outcome: 'counted',
    });
    expect(views.views.get('d1')).toEqual({ opened: 2, lastPosition: 2 });
  });

  it('evolves a redelivered copy from the view the first delivery wrote', async () => {
    const views = new InMemoryViews();
    const projector = new ConsumerProjector(doorCounts, views);
    await projector.apply(published('DoorOpened', 1));
    expect(await projector.apply(published('DoorOpened', 1))).toMatchObject({ outcome: 'duplicate' });
    expect(views.views.get('d1')).toEqual({ opened: 1, lastPosition: 1 });
  });

  it('leaves alone the events it does not handle and those that name no view', async () => {
    const views = new InMemoryViews();
    const projector = new ConsumerProjector(doorCounts, views);
    expect(await projector.apply(published('DoorClosed', 1))).toBeNull();
    expect(await projector.apply(published('DoorOpened', 2, null))).toBeNull();
    expect(views.views.size).toBe(0);
  });
});
