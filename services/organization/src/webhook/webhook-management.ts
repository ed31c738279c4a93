import type {
  CreatedWebhookView,
  CreateWebhookRequest,
  DeleteWebhookRequest,
  ListWebhooksRequest,
  OrganizationCaller,
  ReplayWebhookRequest,
  UpdateWebhookRequest,
  WebhookReplayView,
  WebhookView,
} from '@authsvc/contracts';
import type { OrganizationReads } from '../kernel/reads/organization-reads.js';
import { requireWebhookManager } from './webhook-access.js';
import type { WebhookDeliveries } from './webhook-deliveries.js';
import type { WebhookRegistry } from './webhook-registry.js';
import { newWebhookSecret } from './webhook-signature.js';
import { checkWebhookUrl } from './webhook-url.js';
import { requestedOrganization } from '../kernel/requested-organization.js';

/** The webhook endpoints: each checks that the caller manages the organization's webhooks, then acts. */
export class WebhookManagement {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly registry: WebhookRegistry,
    private readonly deliveries: WebhookDeliveries,
    private readonly development: boolean,
  ) {}

  async create(request: CreateWebhookRequest): Promise<CreatedWebhookView> {
    const organizationId = await this.managed(request, request.organizationId);
    const url = checkWebhookUrl(request.url, this.development);
    const secret = newWebhookSecret();
    return { ...(await this.registry.create(organizationId, url, [...new Set(request.events)], secret)), secret };
  }

  async list(request: ListWebhooksRequest): Promise<WebhookView[]> {
    return this.registry.list(await this.managed(request, request.organizationId));
  }

  async update(request: UpdateWebhookRequest): Promise<WebhookView> {
    const organizationId = await this.managed(request, request.organizationId);
    const url = request.url === undefined ? undefined : checkWebhookUrl(request.url, this.development);
    const events = request.events && [...new Set(request.events)];
    return this.registry.update(organizationId, request.webhookId, { url, events });
  }

  async delete(request: DeleteWebhookRequest): Promise<WebhookView> {
    return this.registry.delete(await this.managed(request, request.organizationId), request.webhookId);
  }

  async replay(request: ReplayWebhookRequest): Promise<WebhookReplayView> {
    const webhook = await this.registry.get(await this.managed(request, request.organizationId), request.webhookId);
    return { replayed: await this.deliveries.replay(webhook.id, request.deliveryId) };
  }

  /** The organization asked for (the active one by default), once the caller is known to manage its webhooks. */
  private async managed(caller: OrganizationCaller, named: string | undefined): Promise<string> {
    const organizationId = requestedOrganization(named, caller.activeOrganizationId);
    requireWebhookManager(await this.reads.membership(organizationId, caller.userId));
    return organizationId;
  }
}
