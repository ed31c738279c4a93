/** A mail as the development mailbox shows it. */
export interface MailView {
  readonly id: string;
  readonly sourceEventId: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly status: 'pending' | 'sent';
  readonly attempts: number;
  readonly createdAt: string;
  readonly sentAt: string | null;
}
