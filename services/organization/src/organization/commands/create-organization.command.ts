import type { CreateOrganizationRequest, CreatedOrganizationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateOrganizationCommand extends Command<CreatedOrganizationView> {
  constructor(readonly request: CreateOrganizationRequest) {
    super();
  }
}
