import { IdentityRpc, SessionRpc, type SessionAndUser, type StartedSession } from '@authsvc/contracts';
import { AdminErrors, AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionClientOf, type SignedInCaller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AdminAccess } from './admin-access.js';
import { asAdmin } from './admin-caller.js';
import {
  adminSessionMaxAge,
  adminSessionValue,
  parseAdminSessionValue,
  restorableAdminSession,
} from './admin-session-cookie.js';

/**
 * An admin acting as a user: a session of the user's that records the admin (`impersonatedBy`) and lasts the
 * impersonation's duration, while the admin's own session waits in the signed admin_session cookie until the
 * admin stops. The session service records both ends with the admin as actor.
 */
@Injectable()
export class Impersonation {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    private readonly issuer: SessionIssuer,
    private readonly access: AdminAccess,
  ) {}

  /** The caller may impersonate users; the cookies switch to the user's new session. */
  async start(
    userId: string,
    admin: SignedInCaller,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<StartedSession> {
    const user = await this.services.call(IdentityRpc.getUser, { userId, ...asAdmin(admin) });
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    this.access.refuseAdminTarget(user, AdminErrors.YOU_CANNOT_IMPERSONATE_ADMINS);
    const started = await this.services.call(SessionRpc.create, {
      ...sessionClientOf(admin, false),
      ...asAdmin(admin),
      user,
      impersonatedBy: admin.user.id,
    });
    const kept = { token: admin.session.token, dontRemember: this.cookies.read(request.headers.cookie).dontRemember };
    const maxAge = adminSessionMaxAge(admin.session, new Date());
    response.header('Set-Cookie', [
      ...this.cookies.clear(),
      this.cookies.issueAdminSession(adminSessionValue(kept), maxAge),
    ]);
    this.issuer.setCookies(started, false, response);
    return started;
  }

  /** Ends the caller's impersonation session and gives the admin their own session back. */
  async stop(caller: SignedInCaller, request: FastifyRequest, response: FastifyReply): Promise<SessionAndUser> {
    const adminId = caller.session.impersonatedBy;
    if (adminId === null) throw new DomainError(AdminErrors.YOU_ARE_NOT_IMPERSONATING_ANYONE);
    const kept = parseAdminSessionValue(this.cookies.readAdminSession(request.headers.cookie));
    const { correlationId } = caller;
    const entry = kept ? await this.services.call(SessionRpc.get, { token: kept.token, correlationId }) : null;
    if (!kept || !restorableAdminSession(entry, adminId, new Date())) {
      throw new DomainError(AdminErrors.FAILED_TO_FIND_ADMIN_SESSION);
    }
    await this.services.call(SessionRpc.revoke, { token: caller.session.token, correlationId, actorId: adminId });
    const restored = { session: entry.session, user: entry.user };
    // Unlike the reference, the admin_session cookie (a copy of the admin's token) and a stale dont_remember go.
    response.header('Set-Cookie', this.cookies.clearImpersonation());
    this.issuer.setCookies(restored, !kept.dontRemember, response);
    return restored;
  }
}
