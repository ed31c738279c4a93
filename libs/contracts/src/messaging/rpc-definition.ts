/** A request/reply message: its subject, the request class (validated on both sides) and the reply type. */
export interface RpcDefinition<TRequest, TReply> {
  readonly subject: string;
  readonly requestType: new () => TRequest;
  /** Phantom field: only for type inference, never set. */
  readonly __reply?: TReply;
}

export function defineRpc<TRequest, TReply>(
  subject: string,
  requestType: new () => TRequest,
): RpcDefinition<TRequest, TReply> {
  return Object.freeze({ subject, requestType });
}

export type RequestOf<R> = R extends RpcDefinition<infer Q, unknown> ? Q : never;
export type ReplyOf<R> = R extends RpcDefinition<unknown, infer A> ? A : never;
