import type { RenderedMail } from './templates/rendered-mail.js';

/** What a mail's link becomes once the mail was delivered or given up. */
export const REDACTED_LINK = '[link removed after delivery]';

/** The parts of a mail that may carry a link. */
export type MailContent = Pick<RenderedMail, 'subject' | 'text' | 'html'>;

// Our links are absolute (BASE_URL is http or https) and percent-encoded, so a link ends at whitespace, or at the
// quote or bracket that closes the HTML attribute or element around its escaped form.
const ABSOLUTE_LINK = /https?:\/\/[^\s"<>]+/gi;
/** A mailed one-time code, after the words that introduce it in both parts (see `CODE_LEAD`). */
const ONE_TIME_CODE = /(one-time code: )\d+/gi;
export const REDACTED_CODE = '[code removed after delivery]';

/**
 * A mail without its links. Every mail of ours carries one action link, and identity's are bearer secrets for
 * their recipient: once the SMTP server accepted the mail (or the link expired before it could), keeping the link
 * at rest helps nobody and leaves a working credential in the database. An invitation's link is no credential
 * (accepting needs the invitee signed in) but goes alike: nobody needs it at rest either, and one rule for every
 * mail needs no list of exceptions. A mailed one-time code is a bearer secret too and goes alike. The wording,
 * recipient and timestamps stay.
 */
export function redactLinks(mail: MailContent): MailContent {
  const redact = (part: string) =>
    part.replace(ABSOLUTE_LINK, REDACTED_LINK).replace(ONE_TIME_CODE, `$1${REDACTED_CODE}`);
  return { subject: redact(mail.subject), text: redact(mail.text), html: redact(mail.html) };
}
