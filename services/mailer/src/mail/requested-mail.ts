import type { RenderedMail } from './templates/rendered-mail.js';

/**
 * Whose erasure removes the mail: the user an identity mail is about, or the organization an invitation is from
 * (its personal data is encrypted under the organization's key, which deleting the organization destroys).
 */
export type MailOwner = { readonly userId: string } | { readonly organizationId: string };

/** A mail to store: for whom, of which kind (the event type that asked for it), until when its link works. */
export interface RequestedMail {
  readonly mail: RenderedMail;
  readonly owner: MailOwner;
  readonly kind: string;
  readonly linkExpiresAt: Date;
}
