import { defineEvent } from '@authsvc/contracts';
import { pendingEvent, type PendingEvent } from '../event-store/recorded-event.js';
import { givenState } from './state-scenario.js';

const SeatTaken = defineEvent<'SeatTaken', { seat: number }>('SeatTaken', 'test.events.room.seat-taken');

type TakeSeat = { readonly seat: number };
/** A room as loaded from its rows: the seats taken. */
type Room = { readonly taken: readonly number[] };

const takeSeat = (command: TakeSeat, room: Room, rules: { seats: number }): PendingEvent[] => {
  if (command.seat > rules.seats) throw new Error(`no seat ${command.seat}`);
  if (room.taken.includes(command.seat)) throw new Error(`seat ${command.seat} is taken`);
  return [pendingEvent(SeatTaken, { seat: command.seat })];
};
const takeSeatOfTwo = (command: TakeSeat, room: Room) => takeSeat(command, room, { seats: 2 });

describe('givenState', () => {
  const room: Room = { taken: [1] };

  it('decides on the state given, under the rules given', () => {
    expect(givenState(takeSeatOfTwo, room).state).toBe(room);
    expect(givenState(takeSeatOfTwo, room).when({ seat: 2 }).thenEvents()).toEqual([
      pendingEvent(SeatTaken, { seat: 2 }),
    ]);
    expect(givenState(takeSeat, room, { seats: 3 }).when({ seat: 3 }).thenEvents()).toHaveLength(1);
    expect(givenState(takeSeat, room, { seats: 2 }).when({ seat: 3 }).thenError()).toEqual(new Error('no seat 3'));
  });

  it('gives what the decider threw', () => {
    expect(givenState(takeSeatOfTwo, room).when({ seat: 1 }).thenError()).toEqual(new Error('seat 1 is taken'));
  });

  it('fails the expectation that was not met', () => {
    expect(() => givenState(takeSeatOfTwo, room).when({ seat: 1 }).thenEvents()).toThrow('seat 1 is taken');
    expect(() => givenState(takeSeatOfTwo, room).when({ seat: 2 }).thenError()).toThrow(
      'expected the command to be refused, but it decided [SeatTaken]',
    );
  });
});
