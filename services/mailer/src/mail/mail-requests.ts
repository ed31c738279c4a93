import { VerificationEmailRequested, type DataOf, type PersonalOf, type PublishedEvent } from '@authsvc/contracts';
import { verificationMail } from './templates/verification-mail.js';
import type { RenderedMail } from './templates/rendered-mail.js';

/**
 * The mail an identity event asks for, rendered. Null when the event asks for no mail, or when its personal data was erased before it reached us
 * (nobody to write to any more).
 */
export function renderMailFor(event: PublishedEvent): { mail: RenderedMail; userId: string } | null {
  if (event.type === VerificationEmailRequested.type) {
    const data = event.data as DataOf<typeof VerificationEmailRequested>;
    const personal = event.personal as PersonalOf<typeof VerificationEmailRequested> | null;
    if (!personal) return null;
    return { mail: verificationMail({ ...personal, expiresAt: data.expiresAt }), userId: data.userId };
  }
  return null;
}
