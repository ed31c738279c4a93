import type { DeleteOrganizationRequest, OrganizationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class DeleteOrganizationCommand extends Command<OrganizationView> {
  constructor(readonly request: DeleteOrganizationRequest) {
    super();
  }
}
