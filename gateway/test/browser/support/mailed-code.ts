import { eventually } from '../../support/eventually.js';
import type { SmtpSink } from '../../support/smtp-sink.js';

/** A 6-digit code standing alone (not part of a longer run of digits, a word or a MIME boundary). */
const CODE = /(?<![\w-])\d{6}(?![\w-])/;

/** The code in the newest mail to `address` after the first `seen` mails to it, once such a mail has come. */
export function mailedCode(smtp: SmtpSink, address: string, seen: number): Promise<string> {
  return eventually(
    async () => {
      const mail = smtp.mailsTo(address).slice(seen).at(-1);
      // The headers carry dates and ids; the code is in the body, after the first blank line.
      const body = mail?.content
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      return body?.match(CODE)?.[0];
    },
    { what: `a mail with a code to ${address}` },
  );
}
