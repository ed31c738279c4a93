import { SessionRpc, type SessionAndUser, type SetActiveOrganizationRequest } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInCaller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionIssuer } from './session-issuer.js';

/** An organization and a team of it to make active (null: none). */
export type ActiveOrganizationChoice = Pick<SetActiveOrganizationRequest, 'organizationId' | 'teamId'>;

/**
 * Records the caller's active organization and team in their session, once the organization service has checked
 * the membership (the session service records the choice, it checks nothing).
 */
@Injectable()
export class ActiveOrganization {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
  ) {}

  /**
   * Changes only the stored session, as create and accept-invitation do in the reference (a session_data cookie
   * may show the previous choice until it expires). The session as it now stands; null once it ended.
   */
  record(caller: SignedInCaller, choice: ActiveOrganizationChoice): Promise<SessionAndUser | null> {
    const { correlationId, session } = caller;
    return this.services.call(SessionRpc.setActive, { correlationId, token: session.token, ...choice });
  }

  /**
   * Records the choice and re-issues the session cookie and session_data with it, as set-active and
   * set-active-team do in the reference. The session as it now stands; null once it ended (no cookie is set).
   */
  async recordAndReissueCookies(
    caller: SignedInCaller,
    choice: ActiveOrganizationChoice,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<SessionAndUser | null> {
    const changed = await this.record(caller, choice);
    if (changed) this.sessions.refreshCookies(request, changed.session, changed.user, response);
    return changed;
  }
}
