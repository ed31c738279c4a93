import nodemailer from 'nodemailer';
import type { MailEntity } from './mail.entity.js';

/** What delivery needs of a stored mail. */
export type DeliverableMail = Pick<
  MailEntity,
  'id' | 'sourceEventId' | 'to' | 'subject' | 'text' | 'html' | 'attempts'
>;

/** Where a stored mail goes: an SMTP server, or nowhere further (the development mailbox keeps it). */
export interface MailTransport {
  readonly description: string;
  deliver(mail: DeliverableMail): Promise<void>;
}

export function smtpTransport(smtpUrl: URL, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl.toString());
  return {
    description: `SMTP ${smtpUrl.hostname}:${smtpUrl.port || 25}`,
    async deliver(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // A stable Message-ID lets receivers drop the rare duplicate after a crash mid-delivery.
        messageId: `<${mail.sourceEventId}@authsvc>`,
      });
    },
  };
}

export const devMailboxTransport: MailTransport = {
  description: 'the development mailbox (GET /dev/mailbox)',
  async deliver() {},
};
