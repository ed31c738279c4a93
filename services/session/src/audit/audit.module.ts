import { SessionAudit } from '@authsvc/contracts';
import { AuditLog, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AuditNatsController } from './audit.nats-controller.js';

/** The audit log of the session service's own event store. */
@Module({})
export class AuditModule {
  static forRuntime(runtime: Pick<ServiceRuntime, 'dataSource'>): DynamicModule {
    return {
      module: AuditModule,
      controllers: [AuditNatsController],
      providers: [{ provide: AuditLog, useValue: new AuditLog(runtime.dataSource, 'session', SessionAudit) }],
    };
  }
}
