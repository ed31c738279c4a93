import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded, to search for links. */
  readonly content: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server for the tests: it accepts every mail and keeps it; it can be stopped and restarted. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.mails.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            content: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  /** The distinct links in the mails to `address`, oldest first (HTML escapes undone). */
  linksIn(address: string): URL[] {
    const hrefs = this.mailsTo(address).flatMap((mail) => mail.content.match(/https?:\/\/[^\s"<>]+/g) ?? []);
    return [...new Set(hrefs.map((href) => href.replaceAll('&amp;', '&')))].map((href) => new URL(href));
  }

  /** The distinct links to `pathname` in the mails to `address`, oldest first. */
  linksTo(address: string, pathname: string): URL[] {
    return this.linksIn(address).filter((url) => url.pathname === pathname);
  }
}
