import type { HealthCheck } from '@authsvc/platform';
import type { ClientProxy } from '@nestjs/microservices';
import type { Redis } from 'ioredis';
import type { GracefulDrain } from '../http/graceful-drain.js';

/**
 * What the gateway needs to answer: Redis (sessions, rate limits) and NATS (every service); and that it is not
 * draining (down from SIGTERM on).
 */
export function gatewayHealthChecks(
  redis: Redis,
  nats: Pick<ClientProxy, 'connect'>,
  drain: Pick<GracefulDrain, 'check'>,
): HealthCheck[] {
  return [['redis', () => redis.ping()], ['nats', () => nats.connect()], drain.check];
}
