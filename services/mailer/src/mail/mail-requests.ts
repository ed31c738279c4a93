import {
  AccountDeletionRequested,
  EmailChangeApprovalRequested,
  EmailChangeVerificationRequested,
  PasswordResetRequested,
  TwoFactorCodeRequested,
  VerificationEmailRequested,
  type MailRequestData,
  type MailRequestPersonal,
  type PersonalOf,
  type PublishedEvent,
} from '@authsvc/contracts';
import {
  actionMail,
  CHANGE_EMAIL_APPROVAL_WORDING,
  CHANGE_EMAIL_WORDING,
  DELETE_ACCOUNT_WORDING,
  PASSWORD_RESET_WORDING,
  VERIFICATION_WORDING,
  type ActionMailWording,
} from './templates/action-mail.js';
import { codeMail } from './templates/code-mail.js';
import type { RequestedMail } from './requested-mail.js';

const WORDING_BY_EVENT_TYPE = new Map<string, ActionMailWording>([
  [VerificationEmailRequested.type, VERIFICATION_WORDING],
  [PasswordResetRequested.type, PASSWORD_RESET_WORDING],
  [AccountDeletionRequested.type, DELETE_ACCOUNT_WORDING],
  [EmailChangeApprovalRequested.type, CHANGE_EMAIL_APPROVAL_WORDING],
  [EmailChangeVerificationRequested.type, CHANGE_EMAIL_WORDING],
]);

/**
 * The mail an identity mail request asks for, rendered. Null for other events, and when the request's
 * personal data was erased before it reached us (nobody to write to any more).
 */
export function renderMailFor(event: PublishedEvent): RequestedMail | null {
  if (event.type === TwoFactorCodeRequested.type) return codeMailFor(event);
  const wording = WORDING_BY_EVENT_TYPE.get(event.type);
  const personal = event.personal as MailRequestPersonal | null;
  if (!wording || !personal) return null;
  const data = event.data as MailRequestData;
  return {
    mail: actionMail({ ...personal, expiresAt: data.expiresAt }, wording),
    userId: data.userId,
    organizationId: null,
    kind: event.type,
    linkExpiresAt: new Date(data.expiresAt),
  };
}

/** A second-factor code's mail; null when its personal data was erased before it reached us. */
function codeMailFor(event: PublishedEvent): RequestedMail | null {
  const personal = event.personal as PersonalOf<typeof TwoFactorCodeRequested> | null;
  if (!personal) return null;
  const data = event.data as MailRequestData;
  return {
    mail: codeMail({ ...personal, otp: personal.code, expiresAt: data.expiresAt }, 'two-factor'),
    userId: data.userId,
    organizationId: null,
    kind: event.type,
    linkExpiresAt: new Date(data.expiresAt),
  };
}
