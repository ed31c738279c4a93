/** `expired`: the link expired before any SMTP server accepted the mail, so it was given up. */
export type MailStatus = 'pending' | 'sent' | 'expired';

/** A mail as the development mailbox shows it. */
export interface MailView {
  readonly id: string;
  readonly sourceEventId: string;
  readonly kind: string | null;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly status: MailStatus;
  readonly attempts: number;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly linkExpiresAt: string | null;
  readonly redactedAt: string | null;
}
