import {
  CheckSlugBody,
  CreateOrganizationBody,
  DeleteOrganizationBody,
  GetFullOrganizationQuery,
  ListOrganizationsQuery,
  OrganizationRpc,
  OrganizationSelection,
  SetActiveOrganizationBody,
  UpdateOrganizationBody,
  type CreatedOrganizationView,
  type OrganizationView,
} from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Body, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ActiveOrganization } from '../session/active-organization.js';
import { asOrganizationCaller } from './organization-caller.js';

/**
 * Organizations: create, check a slug, update, delete, read, list the caller's, choose the session's active one.
 * Reads that may answer the JSON literal `null` write their response themselves (Nest would send an empty body).
 */
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
  list(@Query() query: ListOrganizationsQuery, @Caller() caller: SignedInCaller): Promise<OrganizationView[]> {
    return this.services.call(OrganizationRpc.list, { ...query, ...asOrganizationCaller(caller) });
  }

  @Get('organization/get-organization')
  @WithSession()
  async get(
    @Query() query: OrganizationSelection,
    @Caller() caller: SignedInCaller,
    @Res() response: FastifyReply,
  ): Promise<void> {
    const organization = await this.services.call(OrganizationRpc.get, { ...query, ...asOrganizationCaller(caller) });
    response.code(200).send(organization);
  }

  @Get('organization/get-full-organization')
  @WithSession()
  async getFull(
    @Query() query: GetFullOrganizationQuery,
    @Caller() caller: SignedInCaller,
    @Res() response: FastifyReply,
  ): Promise<void> {
    const full = await this.services.call(OrganizationRpc.getFull, { ...query, ...asOrganizationCaller(caller) });
    response.code(200).send(full);
  }

  /**
   * Makes an organization of the caller's the session's active one and re-issues the session cookies; `null`
   * clears it. The active team stays only while the organization does: a team belongs to its organization.
   */
  @Post('organization/set-active')
  @WithSession()
  async setActive(
    @Body() body: SetActiveOrganizationBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    const { activeOrganizationId, activeTeamId } = caller.session;
    if (body.organizationId === null) {
      if (activeOrganizationId !== null) {
        const none = { organizationId: null, teamId: null };
        await this.activeOrganization.recordAndReissueCookies(caller, none, request, response);
      }
      return void response.code(200).send(null);
    }
    const { organizationId, organizationSlug } = body;
    const organization = await this.services
      .call(OrganizationRpc.get, { organizationId, organizationSlug, ...asOrganizationCaller(caller) })
      .catch((error: unknown) => {
        throw organizationSlug === undefined ? asNotAMember(error) : error;
      });
    if (organization) {
      const teamId = organization.id === activeOrganizationId ? activeTeamId : null;
      await this.activeOrganization.recordAndReissueCookies(
        caller,
        { organizationId: organization.id, teamId },
        request,
        response,
      );
    }
    response.code(200).send(organization);
  }
}

/**
 * set-active by id asks for the membership before the organization, as the reference does: an id that names no
 * organization answers as another tenant's does (403), so set-active cannot probe which ids exist.
 */
function asNotAMember(error: unknown): unknown {
  const unknown = error instanceof DomainError && error.code === OrganizationErrors.ORGANIZATION_NOT_FOUND.code;
  return unknown ? new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION) : error;
}
