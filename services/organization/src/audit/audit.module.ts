import { OrganizationAudit } from '@authsvc/contracts';
import { AuditLog, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationReads } from '../kernel/reads/organization-reads.js';
import { AuditNatsController } from './audit.nats-controller.js';
import { ListOrganizationAuditHandler } from './queries/list-organization-audit.handler.js';

/** The audit log of the organization service's own event store, and each organization's for its owners and admins. */
@Module({})
export class AuditModule {
  static forRuntime(runtime: Pick<ServiceRuntime, 'dataSource'>): DynamicModule {
    return {
      module: AuditModule,
      controllers: [AuditNatsController],
      providers: [
        { provide: DataSource, useValue: runtime.dataSource },
        { provide: AuditLog, useValue: new AuditLog(runtime.dataSource, 'organization', OrganizationAudit) },
        OrganizationReads,
        ListOrganizationAuditHandler,
      ],
    };
  }
}
