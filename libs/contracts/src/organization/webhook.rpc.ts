import { defineRpc } from '../messaging/rpc-definition.js';
import {
  CreateWebhookRequest,
  DeleteWebhookRequest,
  ListWebhooksRequest,
  ReplayWebhookRequest,
  UpdateWebhookRequest,
} from './webhook.requests.js';
import type { CreatedWebhookView, WebhookReplayView, WebhookView } from './webhook.views.js';

// WARNING: persisted names (subjects), do not rename.
export const WebhookRpc = {
  create: defineRpc<CreateWebhookRequest, CreatedWebhookView>('organization.rpc.webhook.create', CreateWebhookRequest),
  list: defineRpc<ListWebhooksRequest, WebhookView[]>('organization.rpc.webhook.list', ListWebhooksRequest),
  update: defineRpc<UpdateWebhookRequest, WebhookView>('organization.rpc.webhook.update', UpdateWebhookRequest),
  delete: defineRpc<DeleteWebhookRequest, WebhookView>('organization.rpc.webhook.delete', DeleteWebhookRequest),
  replay: defineRpc<ReplayWebhookRequest, WebhookReplayView>('organization.rpc.webhook.replay', ReplayWebhookRequest),
} as const;
