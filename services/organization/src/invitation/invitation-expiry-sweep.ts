import { loadedFromRows, BackgroundLoop } from '@authsvc/platform';
import { randomUUID } from 'node:crypto';
import type { LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { OrganizationStream } from '../kernel/organization-stream.js';
import { decideExpireInvitation, type InvitationFacts } from './invitation.decider.js';
import type { InvitationReads } from '../kernel/reads/invitation-reads.js';

const BATCH_SIZE = 100;

/**
 * Records the expiry of every pending invitation past its date (InvitationExpired), so that subscribers learn of
 * it; the answers do not wait for it (an expired invitation is refused from its date on). Every replica sweeps:
 * an invitation two of them expire at once is recorded once, as the second append loses the race on the
 * organization's stream and is decided again on the expired invitation, which decides nothing.
 */
export class InvitationExpirySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly organizations: OrganizationStream,
    private readonly invitations: InvitationReads,
    logger: LoggerService,
    intervalMs: number,
  ) {
    this.loop = new BackgroundLoop({
      failurePrefix: 'invitation expiry sweep failed',
      logger,
      idleMs: intervalMs,
      retryMs: intervalMs,
      round: async () => ((await this.sweep()) < BATCH_SIZE ? 'idle' : 'again'),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Expires one batch; how many invitations were due. */
  private async sweep(): Promise<number> {
    const now = new Date();
    const due = await this.invitations.expired(now, BATCH_SIZE);
    const correlationId = `invitation-expiry-${randomUUID()}`;
    for (const { id, organizationId } of due) {
      if (!this.loop.active) break;
      await this.organizations.execute<{ invitation: InvitationFacts | null }>(organizationId, {
        state: loadedFromRows(async () => ({ invitation: await this.invitations.invitation(id) })),
        decide: (state) => decideExpireInvitation({ now }, state),
        context: { correlationId, actorId: null, now },
      });
    }
    return due.length;
  }
}
