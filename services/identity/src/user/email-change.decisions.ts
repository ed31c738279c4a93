import { EmailChanged, EmailChangeApprovalRequested, EmailChangeVerificationRequested } from '@authsvc/contracts';
import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { RegisteredUser } from './user-state.js';

interface MailedLink {
  readonly email: string;
  readonly name: string;
  readonly url: string;
  readonly expiresAt: Date;
}

/** A verified user's change starts with an approval link mailed to the current address. */
export interface RequestEmailChangeApproval extends MailedLink {
  readonly type: 'RequestEmailChangeApproval';
}

/**
 * The link that proves the new address, mailed to it: at once for an unverified user (`approvalTokenId` null),
 * once the approval link was followed for a verified one.
 */
export interface RequestNewEmailVerification extends MailedLink {
  readonly type: 'RequestNewEmailVerification';
  readonly approvalTokenId: string | null;
}

/** The new address was proven: it becomes the user's email, verified (whether the old one was or not). */
export interface ChangeEmail {
  readonly type: 'ChangeEmail';
  readonly newEmail: string;
  readonly tokenId: string;
  readonly now: Date;
}

export type EmailChangeCommand = RequestEmailChangeApproval | RequestNewEmailVerification | ChangeEmail;

const usedLink = () => new DomainError(AuthErrors.INVALID_TOKEN, { status: HttpStatus.UNAUTHORIZED });

export function requestEmailChangeApproval(command: RequestEmailChangeApproval, user: RegisteredUser): PendingEvent[] {
  const { userId } = user;
  const { email, name, url } = command;
  return [
    pendingEvent(
      EmailChangeApprovalRequested,
      { userId, expiresAt: command.expiresAt.toISOString() },
      { email, name, url },
      userId,
    ),
  ];
}

/** An approval link works once. */
export function requestNewEmailVerification(
  command: RequestNewEmailVerification,
  user: RegisteredUser,
): PendingEvent[] {
  const { approvalTokenId } = command;
  if (approvalTokenId !== null && user.usedEmailChangeTokens.includes(approvalTokenId)) throw usedLink();
  const { userId } = user;
  const { email, name, url } = command;
  return [
    pendingEvent(
      EmailChangeVerificationRequested,
      { userId, expiresAt: command.expiresAt.toISOString(), approvalTokenId },
      { email, name, url },
      userId,
    ),
  ];
}

export function changeEmail(command: ChangeEmail, user: RegisteredUser): PendingEvent[] {
  if (user.usedEmailChangeTokens.includes(command.tokenId)) throw usedLink();
  const { userId } = user;
  return [
    pendingEvent(
      EmailChanged,
      { userId, changedAt: command.now.toISOString(), tokenId: command.tokenId },
      { email: command.newEmail },
      userId,
    ),
  ];
}
