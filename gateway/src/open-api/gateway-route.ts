import type { RateLimitRule } from '../rate-limit/rate-limit-rules.js';
import type { SessionRequirement } from '../http/with-session.decorator.js';

/** A contract class a body or query is validated with. */
export type ContractClass = new () => object;

/** One route the gateway maps (one method and one path of a handler), as its Nest metadata describes it. */
export interface GatewayRoute {
  readonly method: string;
  /** In OpenAPI's form: `/api/auth/reset-password/{token}`. */
  readonly path: string;
  /** `Controller.handler`, unique per handler (a handler mapped at two paths keeps it). */
  readonly handler: string;
  readonly body?: ContractClass;
  /** The query's contract class, when the handler takes the whole query. */
  readonly query?: ContractClass;
  /** Single query values the handler reads by name (`@Query('error')`), without a contract class. */
  readonly queryNames: readonly string[];
  readonly pathParameters: readonly string[];
  readonly session?: SessionRequirement;
  /** Its rate limit rule, where the limiter counts it (the auth API). */
  readonly rateLimit: RateLimitRule;
  /** Its controller asks the services over NATS, which may be away. */
  readonly callsServices: boolean;
  readonly successStatus: number;
  /** The Content-Type the handler declares (`@Header`), JSON otherwise. */
  readonly contentType: string;
  /** The handler writes its answer on the reply itself (`@Res()` without passthrough): Nest knows nothing of it. */
  readonly writesOwnAnswer: boolean;
  /** The class the handler declares it returns, when it returns one synchronously (a Promise tells nothing). */
  readonly answerClass?: ContractClass;
}
