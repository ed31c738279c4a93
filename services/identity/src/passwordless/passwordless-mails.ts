import {
  EmailOtpRequested,
  MagicLinkRequested,
  type EmailOtpType,
  type PasswordlessMailData,
} from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { EventStore, pendingEvent, type PendingEvent } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';

/** The address a mail goes to, and its account when it has one. */
export interface MailedAddress {
  readonly email: string;
  readonly name: string;
  readonly addressId: string;
  readonly userId: string | null;
}

/**
 * Records the mail requests of passwordless sign-in on the address's own stream, known or not, so that the
 * mailer sends them through the outbox like every other mail (the link or code readable only until published).
 */
@Injectable()
export class PasswordlessMails {
  constructor(private readonly store: EventStore) {}

  magicLink(to: MailedAddress, url: string, expiresAt: Date, correlationId: string): Promise<void> {
    const data = mailData(to, expiresAt);
    return this.record(
      to,
      pendingEvent(MagicLinkRequested, data, { email: to.email, name: to.name, url }, subject(to)),
      correlationId,
    );
  }

  otp(to: MailedAddress, type: EmailOtpType, otp: string, expiresAt: Date, correlationId: string): Promise<void> {
    const data = { ...mailData(to, expiresAt), otpType: type };
    return this.record(
      to,
      pendingEvent(EmailOtpRequested, data, { email: to.email, name: to.name, otp }, subject(to)),
      correlationId,
    );
  }

  /** Two sends to one address at once race for its stream's next position: the loser appends after the winner. */
  private async record(to: MailedAddress, event: PendingEvent, correlationId: string): Promise<void> {
    const streamId = `passwordless-${to.addressId}`;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.store.append({
          streamId,
          expectedVersion: await this.store.streamVersion(streamId),
          events: [event],
          context: { correlationId, actorId: to.userId, now: new Date() },
        });
        return;
      } catch (error) {
        const raced = error instanceof DomainError && error.code === RequestErrors.CONCURRENT_MODIFICATION.code;
        if (!raced || attempt === APPEND_ATTEMPTS) throw error;
      }
    }
  }
}

const APPEND_ATTEMPTS = 3;

const mailData = (to: MailedAddress, expiresAt: Date): PasswordlessMailData => ({
  userId: to.userId,
  addressId: to.addressId,
  expiresAt: expiresAt.toISOString(),
});

/** Whose key the mail's personal data is under (a key of its own, erased once published). */
const subject = (to: MailedAddress): string => to.userId ?? `address-${to.addressId}`;
