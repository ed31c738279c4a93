import { memberReadModelKey, parseMemberReadModel, type MemberReadModel } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_REDIS } from '../health/health.controller.js';

/**
 * Reads the organization service's published read model of a user's membership (one Redis GET), beside the
 * session's. Nothing is kept in this process. An unreachable Redis reads as a miss, which the organization
 * service answers from Postgres.
 */
@Injectable()
export class MemberReadModels {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  async find(organizationId: string, userId: string): Promise<MemberReadModel | undefined> {
    return parseMemberReadModel(await this.redis.get(memberReadModelKey(organizationId, userId)).catch(() => null));
  }
}
