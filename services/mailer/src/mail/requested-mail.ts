import type { RenderedMail } from './templates/rendered-mail.js';

/** A mail to store: for whom, of which kind (the event type that asked for it), until when its link works. */
export interface RequestedMail {
  readonly mail: RenderedMail;
  /**
   * The user whose personal data the mail carries (the recipient of identity's mails, the inviter of an
   * invitation): their deletion removes it.
   */
  readonly userId: string;
  /**
   * The organization an invitation is from, whose key encrypts the invitation's personal data: its deletion
   * removes the mail too. Null for identity's mails.
   */
  readonly organizationId: string | null;
  readonly kind: string;
  readonly linkExpiresAt: Date;
}
