import type { HealthCheck } from '@authsvc/platform';
import type { ClientProxy } from '@nestjs/microservices';
import type { Redis } from 'ioredis';

/** What the gateway needs to answer: Redis (sessions, rate limits) and NATS (every service). */
export function gatewayHealthChecks(redis: Redis, nats: Pick<ClientProxy, 'connect'>): HealthCheck[] {
  return [
    ['redis', () => redis.ping()],
    ['nats', () => nats.connect()],
  ];
}
