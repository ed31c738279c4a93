import { defineEvent } from '@authsvc/contracts';
import { isEvent, pendingEvent, type PendingEvent, type RecordedEvent } from '../event-store/recorded-event.js';
import { givenEvents, type Decider } from './decider-scenario.js';

const LightSwitched = defineEvent<'LightSwitched', { on: boolean }>('LightSwitched', 'test.events.light.switched');

type Switch = { readonly type: 'Switch'; readonly on: boolean };

const light: Decider<Switch, { on: boolean; seen: number[] }> = {
  initialState: { on: false, seen: [] },
  decide: (command, state): PendingEvent[] => {
    if (command.on === state.on) throw new Error(`already ${state.on ? 'on' : 'off'}`);
    return [pendingEvent(LightSwitched, { on: command.on })];
  },
  evolve: (state, event: RecordedEvent) =>
    isEvent(event, LightSwitched) ? { on: event.data.on, seen: [...state.seen, event.streamPosition] } : state,
};

describe('givenEvents', () => {
  const on = pendingEvent(LightSwitched, { on: true });
  const off = pendingEvent(LightSwitched, { on: false });

  it('evolves the history in order, as the store reads it back', () => {
    expect(givenEvents(light, [on, off, on]).state).toEqual({ on: true, seen: [1, 2, 3] });
    expect(givenEvents(light).state).toBe(light.initialState);
  });

  it('gives the decided events, or what the decider threw', () => {
    expect(givenEvents(light).when({ type: 'Switch', on: true }).thenEvents()).toEqual([on]);
    expect(givenEvents(light, [on]).when({ type: 'Switch', on: true }).thenError()).toEqual(new Error('already on'));
  });

  it('fails the expectation that was not met', () => {
    expect(() => givenEvents(light, [on]).when({ type: 'Switch', on: true }).thenEvents()).toThrow('already on');
    expect(() => givenEvents(light).when({ type: 'Switch', on: true }).thenError()).toThrow(
      'expected the command to be refused, but it decided [LightSwitched]',
    );
  });
});
