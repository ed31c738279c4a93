import {
  AccountClaimNoticeRequested,
  EmailOtpRequested,
  MagicLinkRequested,
  type DataOf,
  type PersonalOf,
  type PublishedEvent,
} from '@authsvc/contracts';
import { actionMail, type ActionMailWording } from './templates/action-mail.js';
import { claimNoticeMail, codeMail } from './templates/code-mail.js';
import type { RequestedMail } from './requested-mail.js';

export const MAGIC_LINK_WORDING: ActionMailWording = {
  subject: 'Your sign-in link',
  request: 'To sign in, open this link (it works once)',
  button: 'Sign in',
  ifNotYou: 'If you did not ask for it, you can ignore this mail.',
};

/**
 * The mails of sign-in by link or code, and the notice of a claimed account. A mail for an address without an
 * account belongs to the address (its keyed hash) rather than to a user. Null for other events, and when the
 * request's personal data was erased before it reached us.
 */
export function renderPasswordlessMail(event: PublishedEvent): RequestedMail | null {
  if (event.personal === null) return null;
  if (event.type === MagicLinkRequested.type) {
    const data = event.data as DataOf<typeof MagicLinkRequested>;
    const personal = event.personal as PersonalOf<typeof MagicLinkRequested>;
    const mail = actionMail({ ...personal, expiresAt: data.expiresAt }, MAGIC_LINK_WORDING);
    return requested(mail, data.userId ?? `address-${data.addressId}`, event.type, data.expiresAt);
  }
  if (event.type === EmailOtpRequested.type) {
    const data = event.data as DataOf<typeof EmailOtpRequested>;
    const personal = event.personal as PersonalOf<typeof EmailOtpRequested>;
    const mail = codeMail({ ...personal, expiresAt: data.expiresAt }, data.otpType);
    return requested(mail, data.userId ?? `address-${data.addressId}`, event.type, data.expiresAt);
  }
  if (event.type === AccountClaimNoticeRequested.type) {
    const data = event.data as DataOf<typeof AccountClaimNoticeRequested>;
    const personal = event.personal as PersonalOf<typeof AccountClaimNoticeRequested>;
    return requested(claimNoticeMail(personal, data.credentialRemoved), data.userId, event.type, data.expiresAt);
  }
  return null;
}

const requested = (mail: RequestedMail['mail'], userId: string, kind: string, expiresAt: string): RequestedMail => ({
  mail,
  userId,
  organizationId: null,
  kind,
  linkExpiresAt: new Date(expiresAt),
});
