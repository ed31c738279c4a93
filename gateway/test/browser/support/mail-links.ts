import { eventually } from '../../support/eventually.js';
import type { SmtpSink } from '../../support/smtp-sink.js';

/** The newest link in the mails to `address` whose path starts with `pathPrefix`, once such a mail has come. */
export function mailedLink(smtp: SmtpSink, address: string, pathPrefix: string): Promise<string> {
  return eventually(
    async () =>
      smtp
        .linksIn(address)
        .findLast((url) => url.pathname.startsWith(pathPrefix))
        ?.toString(),
    { what: `a mail to ${address} with a link to ${pathPrefix}` },
  );
}
