import type { MailStatus } from '@authsvc/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The mailer's outbox and the development mailbox in one: a mail is stored once per source event
 * (unique), then delivered with retries until the SMTP server accepts it or its link expires. Past either, its
 * links are removed (unless the development mailbox shows them): see `redactLinks`.
 */
@Entity({ name: 'mails' })
export class MailEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'source_event_id', type: 'uuid' })
  sourceEventId!: string;

  /** The user whose personal data the mail carries (an identity mail's recipient, an invitation's inviter); their deletion removes the mail. */
  @Column({ name: 'user_id', type: 'varchar', length: 64, nullable: true })
  userId!: string | null;

  /** The organization an invitation mail is from; its deletion removes the mail too. */
  @Column({ name: 'organization_id', type: 'varchar', length: 64, nullable: true })
  organizationId!: string | null;

  /** The mail request's event type; null for mails stored before kinds were recorded. */
  @Column({ type: 'text', nullable: true })
  kind!: string | null;

  @Column({ name: 'to_address', type: 'text' })
  to!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text' })
  status!: MailStatus;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** Past it the link no longer works, so a mail still pending is given up; null for older mails. */
  @Column({ name: 'link_expires_at', type: 'timestamptz', nullable: true })
  linkExpiresAt!: Date | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ name: 'redacted_at', type: 'timestamptz', nullable: true })
  redactedAt!: Date | null;
}
