import { AsyncLocalStorage } from 'node:async_hooks';

/** The request/reply message a service is handling, as its appends and its own calls see it. */
export interface CommandScope {
  /** The same on every attempt of one call (see `CommandHeaders`). */
  readonly commandId: string;
  /** A later attempt: an earlier one may have applied the command already. */
  readonly retried: boolean;
  /** Streams started and calls made so far: the n-th of a repeat stands for the n-th of the first attempt. */
  streamsStarted: number;
  /** Appends made so far to each existing stream: a handler may append to one stream more than once. */
  readonly appendsTo: Map<string, number>;
  calls: number;
}

const scopes = new AsyncLocalStorage<CommandScope>();

/**
 * Runs a handler in the scope of its command. A handler runs the same way for a repeat as for the first attempt,
 * so the streams it starts and the calls it makes, counted in order, name the same things both times (a stream of
 * a random id is the n-th started; any other is its id): that lets the event store and the RPC client recognise a
 * repeat without each handler passing the command id along.
 */
export function runInCommandScope<T>(commandId: string, retried: boolean, handle: () => T): T {
  return scopes.run({ commandId, retried, streamsStarted: 0, appendsTo: new Map(), calls: 0 }, handle);
}

/** The command being handled, if any (the event store records its appends under its id). */
export function currentCommand(): CommandScope | undefined {
  return scopes.getStore();
}

/**
 * The command of a call the handler makes to another service: its id derived from this command's, so that a repeat
 * of this command repeats the call under the same id (and the other service applies it once too), and marked as a
 * repeat when this command is one. Undefined outside a command (a JetStream consumer, a start-up task).
 */
export function nestedCommand(): { readonly commandId: string; readonly retried: boolean } | undefined {
  const scope = scopes.getStore();
  return scope && { commandId: `${scope.commandId}>${scope.calls++}`, retried: scope.retried };
}
