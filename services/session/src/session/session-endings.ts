import type { RevokeUserSessionsRequest, SessionEndReason, TraceMetadata } from '@authsvc/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, LessThan, MoreThan } from 'typeorm';
import { SessionCache } from './session-cache.js';
import { SessionEntity } from './session.entity.js';
import { SessionStream } from './session-stream.js';

type UserSessionSelection = Pick<
  RevokeUserSessionsRequest,
  'userId' | 'createdBefore' | 'exceptToken' | 'correlationId' | 'actorId'
>;

/** Ends sessions: one (sign-out, expiry, revocation), a user's, or those in which an admin impersonates someone. */
@Injectable()
export class SessionEndings {
  private readonly logger = new Logger(SessionEndings.name);

  constructor(
    private readonly stream: SessionStream,
    private readonly cache: SessionCache,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Ends a session; false when it had already ended. The Redis entry is replaced by the revoked marker first:
   * gateways stop serving the session before the end is recorded, a crash between the two cannot leave it served,
   * and a rebuild racing the end finds the marker and writes nothing. The trace's actor (the user, or an admin
   * revoking the session) is recorded with the end.
   */
  async end(session: { id: string; token: string }, reason: SessionEndReason, trace: TraceMetadata): Promise<boolean> {
    if (!(await this.cache.revoke(session.token))) {
      this.logger.warn(`session ${session.id} ended while Redis was unreachable; its cache entry expires on its own`);
    }
    return (await this.stream.apply(session.id, { type: 'EndSession', reason }, trace)).changed;
  }

  /**
   * Ends a user's live sessions (all, all but `exceptToken`, or those created before `createdBefore`), each as
   * `end` does, and as many of the sessions in which they impersonate someone: an impersonation is the admin's
   * session as much as the user's, and must not outlive the admin's own (banned, removed, signed out everywhere).
   * How many were ended by this call.
   */
  async endUserSessions(selection: UserSessionSelection): Promise<number> {
    const live = {
      expiresAt: MoreThan(new Date()),
      ...(selection.createdBefore ? { createdAt: LessThan(new Date(selection.createdBefore)) } : {}),
    };
    const sessions = await this.dataSource.getRepository(SessionEntity).findBy([
      { userId: selection.userId, ...live },
      { impersonatedBy: selection.userId, ...live },
    ]);
    return this.endAll(
      sessions.filter((session) => session.token !== selection.exceptToken),
      selection,
    );
  }

  /** Ends every live session in which the admin impersonates someone (they lost the right); how many. */
  async endImpersonationsBy(adminId: string, trace: TraceMetadata): Promise<number> {
    const sessions = await this.dataSource
      .getRepository(SessionEntity)
      .findBy({ impersonatedBy: adminId, expiresAt: MoreThan(new Date()) });
    return this.endAll(sessions, trace);
  }

  private async endAll(sessions: readonly SessionEntity[], trace: TraceMetadata): Promise<number> {
    let ended = 0;
    for (const session of sessions) if (await this.end(session, 'revoked', trace)) ended += 1;
    return ended;
  }
}
