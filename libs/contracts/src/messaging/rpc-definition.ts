/** A request/reply message: its subject, the request class (validated on both sides) and the reply type. */
export interface RpcDefinition<TRequest, TReply> {
  readonly subject: string;
  readonly requestType: new () => TRequest;
  /**
   * Sent to one replica only, never again while it may still be handling it: a request that consumes a one-time
   * value outside the event store (a social flow's state, an id token remembered as used) would find it gone on a
   * second replica and answer that refusal before the first attempt's answer. Retried only when nobody listened.
   */
  readonly sentOnce?: true;
  /** Phantom field: only for type inference, never set. */
  readonly __reply?: TReply;
}

export function defineRpc<TRequest, TReply>(
  subject: string,
  requestType: new () => TRequest,
  options: { readonly sentOnce?: true } = {},
): RpcDefinition<TRequest, TReply> {
  return Object.freeze({ subject, requestType, ...options });
}

export type RequestOf<R> = R extends RpcDefinition<infer Q, unknown> ? Q : never;
export type ReplyOf<R> = R extends RpcDefinition<unknown, infer A> ? A : never;
