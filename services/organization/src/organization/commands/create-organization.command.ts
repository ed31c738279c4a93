import type { CreateOrganizationRequest, OrganizationCreation } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateOrganizationCommand extends Command<OrganizationCreation> {
  constructor(readonly request: CreateOrganizationRequest) {
    super();
  }
}
