import type { RpcDefinition } from '@authsvc/contracts';

/**
 * A request/reply handler's way to let another service answer: PlainSubjectNatsServer sends `request` on
 * `subject` with the caller's reply subject and packet id, so that service's reply reaches the caller
 * directly. The caller sees one request and one answer of type `TReply`; the hop back through this service
 * (a message, and a wake-up of both this service and the caller) is saved.
 */
export class ForwardedRequest<TReply> {
  /** Phantom field: only for type inference, never set. */
  declare readonly __reply?: TReply;

  constructor(
    readonly subject: string,
    readonly request: unknown,
  ) {}
}

export function forwardRequest<TRequest, TReply>(
  rpc: RpcDefinition<TRequest, TReply>,
  request: TRequest,
): ForwardedRequest<TReply> {
  return new ForwardedRequest(rpc.subject, request);
}
