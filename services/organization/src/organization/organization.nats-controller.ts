import {
  CheckSlugRequest,
  CreateOrganizationRequest,
  DeleteOrganizationRequest,
  GetFullOrganizationRequest,
  GetOrganizationRequest,
  ListOrganizationsRequest,
  OrganizationRpc,
  UpdateOrganizationRequest,
  type CreatedOrganizationView,
  type FullOrganizationView,
  type OrganizationCreation,
  type OrganizationView,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateOrganizationCommand } from './commands/create-organization.handler.js';
import { DeleteOrganizationCommand } from './commands/delete-organization.handler.js';
import { UpdateOrganizationCommand } from './commands/update-organization.handler.js';
import { CheckSlugQuery } from './queries/check-slug.handler.js';
import { GetFullOrganizationQuery } from './queries/get-full-organization.handler.js';
import { GetOrganizationQuery } from './queries/get-organization.handler.js';
import { ListOrganizationsQuery } from './queries/list-organizations.handler.js';

@Controller()
export class OrganizationNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @MessagePattern(OrganizationRpc.create.subject)
  create(@Payload() request: CreateOrganizationRequest): Promise<OrganizationCreation> {
    return this.commands.execute(new CreateOrganizationCommand(request));
  }

  @MessagePattern(OrganizationRpc.checkSlug.subject)
  checkSlug(@Payload() request: CheckSlugRequest): Promise<{ status: true }> {
    return this.queries.execute(new CheckSlugQuery(request.slug));
  }

  @MessagePattern(OrganizationRpc.update.subject)
  update(@Payload() request: UpdateOrganizationRequest): Promise<Omit<CreatedOrganizationView, 'members'>> {
    return this.commands.execute(new UpdateOrganizationCommand(request));
  }

  @MessagePattern(OrganizationRpc.delete.subject)
  delete(@Payload() request: DeleteOrganizationRequest): Promise<OrganizationView> {
    return this.commands.execute(new DeleteOrganizationCommand(request));
  }

  @MessagePattern(OrganizationRpc.list.subject)
  list(@Payload() request: ListOrganizationsRequest): Promise<OrganizationView[]> {
    return this.queries.execute(new ListOrganizationsQuery(request));
  }

  @MessagePattern(OrganizationRpc.get.subject)
  get(@Payload() request: GetOrganizationRequest): Promise<OrganizationView | null> {
    return this.queries.execute(new GetOrganizationQuery(request));
  }

  @MessagePattern(OrganizationRpc.getFull.subject)
  getFull(@Payload() request: GetFullOrganizationRequest): Promise<FullOrganizationView | null> {
    return this.queries.execute(new GetFullOrganizationQuery(request));
  }
}
