import {
  GetInvitationQueryParams,
  InvitationIdBody,
  InvitationRpc,
  InviteMemberBody,
  ListInvitationsQueryParams,
  ListUserInvitationsQueryParams,
  type AcceptedInvitationView,
  type InvitationDetailsView,
  type InvitationView,
  type RejectedInvitationView,
  type UserInvitationView,
} from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Body, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { InvitationMailLimit } from '../rate-limit/invitation-mail-limit.js';
import { ServiceClient } from '../rpc/service-client.js';
import { asInvitationCaller, asOrganizationCaller } from './organization-caller.js';
import { OrganizationSessionFlows } from './organization-session-flows.js';

/** Invitations: invite, answer (accept, reject), cancel, read one, list an organization's and the caller's. */
@AuthController()
export class InvitationController {
  constructor(
    private readonly services: ServiceClient,
    private readonly flows: OrganizationSessionFlows,
    private readonly invitationMails: InvitationMailLimit,
  ) {}

  /** Invites, or with `resend` mails a pending invitation again: limited per client and per recipient. */
  @Post('organization/invite-member')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  @WithSession()
  invite(
    @Body() body: InviteMemberBody,
    @Caller() caller: SignedInCaller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<InvitationView> {
    const organizationId = body.organizationId ?? caller.session.activeOrganizationId ?? '';
    return this.invitationMails.send({ organizationId, email: body.email }, response, () =>
      this.services.call(InvitationRpc.invite, { ...body, ...asInvitationCaller(caller) }),
    );
  }

  @Post('organization/accept-invitation')
  @HttpCode(200)
  @WithSession()
  accept(
    @Body() body: InvitationIdBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<AcceptedInvitationView> {
    return this.flows.acceptInvitation(body, caller, request, response);
  }

  @Post('organization/reject-invitation')
  @HttpCode(200)
  @WithSession()
  reject(@Body() body: InvitationIdBody, @Caller() caller: SignedInCaller): Promise<RejectedInvitationView> {
    return this.services.call(InvitationRpc.reject, { ...body, ...asInvitationCaller(caller) });
  }

  @Post('organization/cancel-invitation')
  @HttpCode(200)
  @WithSession()
  cancel(@Body() body: InvitationIdBody, @Caller() caller: SignedInCaller): Promise<InvitationView> {
    return this.services.call(InvitationRpc.cancel, { ...body, ...asOrganizationCaller(caller) });
  }

  @Get('organization/get-invitation')
  @WithSession({ withoutSession: OrganizationErrors.NOT_AUTHENTICATED })
  get(@Query() query: GetInvitationQueryParams, @Caller() caller: SignedInCaller): Promise<InvitationDetailsView> {
    return this.services.call(InvitationRpc.get, { ...query, ...asInvitationCaller(caller) });
  }

  @Get('organization/list-invitations')
  @WithSession()
  list(@Query() query: ListInvitationsQueryParams, @Caller() caller: SignedInCaller): Promise<InvitationView[]> {
    return this.services.call(InvitationRpc.list, { ...query, ...asOrganizationCaller(caller) });
  }

  @Get('organization/list-user-invitations')
  @WithSession()
  listForUser(
    @Query() query: ListUserInvitationsQueryParams,
    @Caller() caller: SignedInCaller,
  ): Promise<UserInvitationView[]> {
    if (query.email !== undefined) {
      throw new DomainError(OrganizationErrors.USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS);
    }
    return this.services.call(InvitationRpc.listForUser, asInvitationCaller(caller));
  }
}
