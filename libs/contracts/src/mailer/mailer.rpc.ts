import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { defineRpc } from '../messaging/rpc-definition.js';
import { TracedRequest } from '../messaging/traced-request.js';
import type { MailView } from './mail.view.js';

export class ListMailboxRequest extends TracedRequest {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

// WARNING: persisted names (subjects), do not rename.
export const MailerRpc = {
  listMailbox: defineRpc<ListMailboxRequest, MailView[]>('mailer.rpc.mailbox.list', ListMailboxRequest),
} as const;

export const MAILER_QUEUE = 'mailer';
/** Durable JetStream consumer through which the mailer reads the identity service's mail requests. */
export const MAILER_IDENTITY_CONSUMER = 'mailer-identity-mail';
/** Durable JetStream consumer through which the mailer learns of deleted users (`UserDeleted`'s subject only). */
export const MAILER_IDENTITY_EVENTS_CONSUMER = 'mailer-identity-events';
