import { parseSessionReadModel, sessionReadModelKey, type SessionReadModel } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_REDIS } from '../health/health.controller.js';

/**
 * Reads the session service's published read model of a session (one Redis GET). Nothing is kept in this
 * process: a revocation recorded through any replica is seen on the next read. An unreachable Redis reads as
 * a miss, which the session service answers from Postgres.
 */
@Injectable()
export class SessionReadModels {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  async find(token: string): Promise<SessionReadModel | 'revoked' | undefined> {
    return parseSessionReadModel(await this.redis.get(sessionReadModelKey(token)).catch(() => null));
  }
}
