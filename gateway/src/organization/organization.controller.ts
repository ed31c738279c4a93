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
import { ActiveOrganization } from '../session/active-organization.js';
import { asOrganizationCaller } from './organization-caller.js';

/** Organizations: create, check a slug, update, delete, list the caller's. */
@AuthController()
export class OrganizationController {
  constructor(
    private readonly services: ServiceClient,
    private readonly activeOrganization: ActiveOrganization,
  ) {}

  /** The new organization (and its default team) becomes the session's active one unless asked to keep the current. */
  @Post('organization/create')
  @HttpCode(200)
  @WithSession()
  async create(
    @Body() body: CreateOrganizationBody,
    @Caller() caller: SignedInCaller,
  ): Promise<CreatedOrganizationView> {
    const { organization, defaultTeamId } = await this.services.call(OrganizationRpc.create, {
      ...body,
      ...asOrganizationCaller(caller),
    });
    if (!body.keepCurrentActiveOrganization) {
      await this.activeOrganization.record(caller, { organizationId: organization.id, teamId: defaultTeamId });
    }
    return organization;
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
  /**
   * The caller's own session stops naming the organization before the answer; their other sessions, and every
   * other member's, follow from the membership events.
   */
  async delete(@Body() body: DeleteOrganizationBody, @Caller() caller: SignedInCaller): Promise<OrganizationView> {
    const deleted = await this.services.call(OrganizationRpc.delete, { ...body, ...asOrganizationCaller(caller) });
    if (caller.session.activeOrganizationId === deleted.id) {
      await this.activeOrganization.record(caller, { organizationId: null, teamId: null });
    }
    return deleted;
  }

  @Get('organization/list')
  @WithSession()
  list(@Caller() caller: SignedInCaller): Promise<OrganizationView[]> {
    return this.services.call(OrganizationRpc.list, asOrganizationCaller(caller));
  }
}
