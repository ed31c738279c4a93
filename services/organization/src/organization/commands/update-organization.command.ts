import type { UpdateOrganizationRequest, CreatedOrganizationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class UpdateOrganizationCommand extends Command<Omit<CreatedOrganizationView, 'members'>> {
  constructor(readonly request: UpdateOrganizationRequest) {
    super();
  }
}
