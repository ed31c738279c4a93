import type { EventReader } from './event-reader.js';
import type { RecordedEvent } from './recorded-event.js';

/** A decision's state and the version of the stream it stands at. */
export interface StateAtVersion<State> {
  readonly version: number;
  readonly state: State;
}

/**
 * Where a decision's state comes from. There are two legitimate ways, and every stream names the one it uses:
 * - `replayed`: the stream's own events evolved from an initial state. The stream is the only truth the decision
 *   needs; right for streams that stay short (a user, a signing key, a passkey).
 * - `loadedFromRows` / `loadedAtVersion`: inline read models of the stream (written in the append's transaction),
 *   read together with the stream's version. Right for streams that grow with use (an organization of thousands
 *   of members, a session refreshed every day), whose replay would cost more with every command.
 * Either way the decider sees a plain state and the append checks the version it stood at.
 */
export interface StateSource<State> {
  at(streamId: string, reader: StreamReads): Promise<StateAtVersion<State>>;
}

/** What a state source may read of the event store: a stream's events, or only its version. */
export type StreamReads = Pick<EventReader, 'readStream' | 'streamVersion'>;

/** The state is the stream's history, evolved from `initialState`. */
export function replayed<State>(
  initialState: State,
  evolve: (state: State, event: RecordedEvent) => State,
): StateSource<State> {
  return {
    at: async (streamId, reader) => {
      const history = await reader.readStream(streamId);
      return { version: history.length, state: history.reduce(evolve, initialState) };
    },
  };
}

/**
 * The state is read from the read models after the stream's version, so it is at least as new as that version;
 * an append made in between makes the decision lose the race and be taken again. A stream that the command starts
 * (its id was just made for it) stands at version 0 without being read.
 */
export function loadedFromRows<State>(
  load: () => Promise<State>,
  options: { readonly startsStream?: boolean } = {},
): StateSource<State> {
  return {
    at: async (streamId, reader) => {
      const version = options.startsStream ? 0 : await reader.streamVersion(streamId);
      return { version, state: await load() };
    },
  };
}

/** The state is read in one statement with the stream's version (`EventStore.rowAtVersion`): one read a decision. */
export function loadedAtVersion<State>(load: () => Promise<StateAtVersion<State>>): StateSource<State> {
  return { at: () => load() };
}
