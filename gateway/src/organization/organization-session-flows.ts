import {
  InvitationRpc,
  MemberRpc,
  OrganizationRpc,
  TeamRpc,
  type AcceptedInvitationView,
  type CreateOrganizationBody,
  type CreatedOrganizationView,
  type DeleteOrganizationBody,
  type InvitationIdBody,
  type LeaveOrganizationBody,
  type MemberWithUserView,
  type OrganizationView,
  type RemovedMemberView,
  type RemoveMemberBody,
  type SetActiveOrganizationBody,
  type SetActiveTeamBody,
  type TeamView,
} from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInCaller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ActiveOrganization } from '../session/active-organization.js';
import { asInvitationCaller, asOrganizationCaller } from './organization-caller.js';

/**
 * The organization requests whose answer also changes the caller's session (its active organization or team): the
 * organization service decides, then the session service records the session's new choice, here and nowhere else,
 * so each controller makes one call. Other sessions (other members', the caller's elsewhere) follow from events.
 */
@Injectable()
export class OrganizationSessionFlows {
  constructor(
    private readonly services: ServiceClient,
    private readonly activeOrganization: ActiveOrganization,
  ) {}

  /** The new organization (and its default team) becomes the session's active one unless asked to keep the current. */
  async create(body: CreateOrganizationBody, caller: SignedInCaller): Promise<CreatedOrganizationView> {
    const { organization, defaultTeamId } = await this.services.call(OrganizationRpc.create, {
      ...body,
      ...asOrganizationCaller(caller),
    });
    if (!body.keepCurrentActiveOrganization) {
      await this.activeOrganization.record(caller, { organizationId: organization.id, teamId: defaultTeamId });
    }
    return organization;
  }

  /** The caller's own session stops naming the organization before the answer. */
  async delete(body: DeleteOrganizationBody, caller: SignedInCaller): Promise<OrganizationView> {
    const deleted = await this.services.call(OrganizationRpc.delete, { ...body, ...asOrganizationCaller(caller) });
    await this.leftActive(caller, deleted.id);
    return deleted;
  }

  /**
   * Makes an organization of the caller's the session's active one and re-issues the session cookies; `null`
   * clears it. The active team stays only while the organization does: a team belongs to its organization.
   */
  async setActive(
    body: SetActiveOrganizationBody,
    caller: SignedInCaller,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<OrganizationView | null> {
    const { activeOrganizationId, activeTeamId } = caller.session;
    if (body.organizationId === null) {
      if (activeOrganizationId !== null) {
        const none = { organizationId: null, teamId: null };
        await this.activeOrganization.recordAndReissueCookies(caller, none, request, response);
      }
      return null;
    }
    const { organizationId, organizationSlug } = body;
    const organization = await this.services
      .call(OrganizationRpc.get, { organizationId, organizationSlug, ...asOrganizationCaller(caller) })
      .catch((error: unknown) => {
        throw organizationSlug === undefined ? asNotAMember(error) : error;
      });
    if (organization) {
      const teamId = organization.id === activeOrganizationId ? activeTeamId : null;
      const choice = { organizationId: organization.id, teamId };
      await this.activeOrganization.recordAndReissueCookies(caller, choice, request, response);
    }
    return organization;
  }

  /**
   * The organization joined, and the invitation's team (none: no team), become the session's active ones. Joining
   * a team also re-issues the session cookies, as the reference does when it makes the team active.
   */
  async acceptInvitation(
    body: InvitationIdBody,
    caller: SignedInCaller,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<AcceptedInvitationView> {
    const accepted = await this.services.call(InvitationRpc.accept, { ...body, ...asInvitationCaller(caller) });
    const { organizationId, teamId } = accepted.invitation;
    if (teamId)
      await this.activeOrganization.recordAndReissueCookies(caller, { organizationId, teamId }, request, response);
    else await this.activeOrganization.record(caller, { organizationId, teamId });
    return accepted;
  }

  async removeMember(body: RemoveMemberBody, caller: SignedInCaller): Promise<RemovedMemberView> {
    const removed = await this.services.call(MemberRpc.remove, { ...body, ...asOrganizationCaller(caller) });
    const { userId, organizationId } = removed.member;
    if (userId === caller.user.id) await this.leftActive(caller, organizationId);
    return removed;
  }

  async leave(body: LeaveOrganizationBody, caller: SignedInCaller): Promise<MemberWithUserView> {
    const left = await this.services.call(MemberRpc.leave, { ...body, ...asOrganizationCaller(caller) });
    await this.leftActive(caller, left.organizationId);
    return left;
  }

  /** The team checked as the session's active one, or null when none is asked for; the cookies are re-issued. */
  async setActiveTeam(
    body: SetActiveTeamBody,
    caller: SignedInCaller,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<TeamView | null> {
    const team = await this.services.call(TeamRpc.checkActive, { ...body, ...asOrganizationCaller(caller) });
    const { activeOrganizationId, activeTeamId } = caller.session;
    if (team || activeTeamId !== null) {
      const choice = { organizationId: activeOrganizationId, teamId: team?.id ?? null };
      await this.activeOrganization.recordAndReissueCookies(caller, choice, request, response);
    }
    return team;
  }

  /** The caller is out of `organizationId`: their session stops naming it if it was the active one. */
  private async leftActive(caller: SignedInCaller, organizationId: string): Promise<void> {
    if (caller.session.activeOrganizationId !== organizationId) return;
    await this.activeOrganization.record(caller, { organizationId: null, teamId: null });
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
