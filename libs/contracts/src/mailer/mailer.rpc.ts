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
