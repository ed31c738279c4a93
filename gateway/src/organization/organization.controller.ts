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
import { Body, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { asOrganizationCaller } from './organization-caller.js';
import { OrganizationSessionFlows } from './organization-session-flows.js';

/**
 * Organizations: create, check a slug, update, delete, read, list the caller's, choose the session's active one.
 * Reads that may answer the JSON literal `null` write their response themselves (Nest would send an empty body).
 */
@AuthController()
export class OrganizationController {
  constructor(
    private readonly services: ServiceClient,
    private readonly flows: OrganizationSessionFlows,
  ) {}

  @Post('organization/create')
  @HttpCode(200)
  @WithSession()
  create(@Body() body: CreateOrganizationBody, @Caller() caller: SignedInCaller): Promise<CreatedOrganizationView> {
    return this.flows.create(body, caller);
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
    return this.flows.delete(body, caller);
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

  /** `null` is written here: Nest would send an empty body. */
  @Post('organization/set-active')
  @WithSession()
  async setActive(
    @Body() body: SetActiveOrganizationBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    response.code(200).send(await this.flows.setActive(body, caller, request, response));
  }
}
