import { AuditRpc, ListAuditEntriesRequest, type AuditEntry } from '@authsvc/contracts';
import { AuditLog } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

/** The session store's audit entries, for the gateway's admin audit (which checked the admin's right). */
@Controller()
export class AuditNatsController {
  constructor(private readonly log: AuditLog) {}

  @MessagePattern(AuditRpc.session.subject)
  list(@Payload() request: ListAuditEntriesRequest): Promise<AuditEntry[]> {
    return this.log.entries(request);
  }
}
