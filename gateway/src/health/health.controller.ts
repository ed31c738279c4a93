import type { HealthReport } from '@authsvc/contracts';
import { healthReport } from '@authsvc/platform';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { NATS_CLIENT } from '../rpc/service-client.js';
import { GracefulDrain } from '../http/graceful-drain.js';
import { gatewayHealthChecks } from './gateway-health-checks.js';

export const GATEWAY_REDIS = Symbol('GatewayRedis');

@Controller('health')
export class HealthController {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    private readonly drain: GracefulDrain,
  ) {}

  @Get('live')
  live(): { status: 'ok'; service: string } {
    return { status: 'ok', service: 'gateway' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) response: FastifyReply): Promise<HealthReport> {
    const report = await healthReport('gateway', gatewayHealthChecks(this.redis, this.nats, this.drain));
    response.code(report.status === 'ok' ? 200 : 503).header('Cache-Control', 'no-store');
    return report;
  }
}
