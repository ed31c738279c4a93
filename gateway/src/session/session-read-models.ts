import { parseSessionReadModel, sessionReadModelKey, type SessionReadModel } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { GATEWAY_REDIS } from '../health/health.controller.js';

type Lookup = SessionReadModel | 'revoked' | undefined;

/**
 * Reads the session service's published read model of a session (one Redis GET). Nothing is kept in this
 * process beyond the request that read it: a revocation recorded through any replica is seen on the next read.
 * An unreachable Redis reads as a miss, which the session service answers from Postgres.
 */
@Injectable()
export class SessionReadModels {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  /** What get-session's hook read, for the controller that takes the request on after it (one GET per request). */
  private readonly handedOn = new WeakMap<FastifyRequest['raw'], { token: string; entry: Promise<Lookup> }>();

  async find(token: string): Promise<Lookup> {
    return parseSessionReadModel(await this.redis.get(sessionReadModelKey(token)).catch(() => null));
  }

  /** `find`, keeping what it read for this request's next `findFor` (and for that one only). */
  findAndHandOn(request: FastifyRequest, token: string): Promise<Lookup> {
    const entry = this.find(token);
    this.handedOn.set(request.raw, { token, entry });
    return entry;
  }

  /** What the hook read for this request and token, else `find`. */
  findFor(request: FastifyRequest, token: string): Promise<Lookup> {
    const kept = this.handedOn.get(request.raw);
    this.handedOn.delete(request.raw);
    return kept?.token === token ? kept.entry : this.find(token);
  }
}
