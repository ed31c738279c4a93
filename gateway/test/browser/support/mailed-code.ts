import { eventually } from '../../support/eventually.js';
import type { SmtpSink } from '../../support/smtp-sink.js';

/** A 6-digit code standing alone (not part of a longer run of digits, a word or a MIME boundary). */
const CODE = /(?<![\w-])\d{6}(?![\w-])/;

/**
 * The code in the newest mail with one among the mails to `address` after the first `seen`, once such a mail has
 * come (another mail, such as a late verification mail, may arrive after it).
 */
export function mailedCode(smtp: SmtpSink, address: string, seen: number): Promise<string> {
  return eventually(
    async () =>
      smtp
        .mailsTo(address)
        .slice(seen)
        // The headers carry dates and ids; the code is in the body, after the first blank line.
        .map(
          (mail) =>
            mail.content
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n')
              .match(CODE)?.[0],
        )
        .findLast((code) => code !== undefined),
    { what: `a mail with a code to ${address}` },
  );
}
