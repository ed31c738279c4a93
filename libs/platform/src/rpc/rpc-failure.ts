import { isErrorDefinition, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { NoRespondersError, RequestError } from '@nats-io/transport-node';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { RpcTimeoutError } from '../nats/multiplexed-nats-client.js';

/** What a failed request stands for, as the caller must answer it. */
export interface RpcFailure {
  readonly error: ErrorDefinition;
  /** Neither a refusal from the service nor silence: a bad reply or a broken transport, worth a log line. */
  readonly unexpected: boolean;
}

/**
 * Maps a failed request to the catalogue. The service refused with a catalogue error: that error, as it
 * was sent. Nobody listening (NATS says "no responders" at once) or no answer in time: 503, never a hang.
 * Anything else (an unparsable reply, an error that is not a catalogue entry): 500, as an unexpected
 * error of our own would be.
 */
export function rpcFailure(error: unknown): RpcFailure {
  if (isErrorDefinition(error)) return { error, unexpected: false };
  if (isUnanswered(error)) return { error: RequestErrors.SERVICE_UNAVAILABLE, unexpected: false };
  return { error: RequestErrors.INTERNAL_SERVER_ERROR, unexpected: true };
}

/** Nobody answered: no replica listens (see `isNoResponders`), or none answered in time. Worth another attempt. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof RpcTimeoutError || isNoResponders(error);
}

/**
 * NATS found no subscriber for the subject: it answers the request at once with an empty 503 status message, which
 * Nest's reply handler reports as an empty response.
 */
export function isNoResponders(error: unknown): boolean {
  return (
    error instanceof EmptyResponseException ||
    error instanceof NoRespondersError ||
    (error instanceof RequestError && error.isNoResponders())
  );
}

/** How a failed request counts in the metrics: a refusal by the service, no answer (503), or an error of ours. */
export function rpcOutcome(failure: RpcFailure): 'refused' | 'unavailable' | 'error' {
  if (failure.unexpected) return 'error';
  return failure.error.code === RequestErrors.SERVICE_UNAVAILABLE.code ? 'unavailable' : 'refused';
}
