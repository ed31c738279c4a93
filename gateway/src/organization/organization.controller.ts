import {
  CheckSlugBody,
  CreateOrganizationBody,
  DeleteOrganizationBody,
  OrganizationRpc,
  UpdateOrganizationBody,
  type CreatedOrganizationView,
  type OrganizationView,
} from '@authsvc/contracts';
import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { asOrganizationCaller } from './organization-caller.js';

/** Organizations: create, check a slug, update, delete, list the caller's. */
@AuthController()
export class OrganizationController {
  constructor(private readonly services: ServiceClient) {}

  @Post('organization/create')
  @HttpCode(200)
  @WithSession()
  create(@Body() body: CreateOrganizationBody, @Caller() caller: SignedInCaller): Promise<CreatedOrganizationView> {
    return this.services.call(OrganizationRpc.create, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/check-slug')
  @HttpCode(200)
  @WithSession()
  checkSlug(@Body() body: CheckSlugBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    return this.services.call(OrganizationRpc.checkSlug, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/update')
  @HttpCode(200)
  @WithSession()
  update(
    @Body() body: UpdateOrganizationBody,
    @Caller() caller: SignedInCaller,
  ): Promise<Omit<CreatedOrganizationView, 'members'>> {
    return this.services.call(OrganizationRpc.update, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/delete')
  @HttpCode(200)
  @WithSession()
  delete(@Body() body: DeleteOrganizationBody, @Caller() caller: SignedInCaller): Promise<OrganizationView> {
    return this.services.call(OrganizationRpc.delete, { ...body, ...asOrganizationCaller(caller) });
  }

  @Get('organization/list')
  @WithSession()
  list(@Caller() caller: SignedInCaller): Promise<OrganizationView[]> {
    return this.services.call(OrganizationRpc.list, asOrganizationCaller(caller));
  }
}
