import {
  CreateWebhookRequest,
  DeleteWebhookRequest,
  ListWebhooksRequest,
  OrganizationConsumers,
  ReplayWebhookRequest,
  UpdateWebhookRequest,
  WebhookRpc,
  type CreatedWebhookView,
  type PublishedEvent,
  type WebhookReplayView,
  type WebhookView,
} from '@authsvc/contracts';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhookDeliveries } from './webhook-deliveries.js';
import { WebhookManagement } from './webhook-management.js';
import { WebhookSender } from './webhook-sender.js';

@Controller()
export class WebhookNatsController {
  constructor(
    private readonly management: WebhookManagement,
    private readonly deliveries: WebhookDeliveries,
    private readonly sender: WebhookSender,
  ) {}

  @MessagePattern(WebhookRpc.create.subject)
  create(@Payload() request: CreateWebhookRequest): Promise<CreatedWebhookView> {
    return this.management.create(request);
  }

  @MessagePattern(WebhookRpc.list.subject)
  list(@Payload() request: ListWebhooksRequest): Promise<WebhookView[]> {
    return this.management.list(request);
  }

  @MessagePattern(WebhookRpc.update.subject)
  update(@Payload() request: UpdateWebhookRequest): Promise<WebhookView> {
    return this.management.update(request);
  }

  @MessagePattern(WebhookRpc.delete.subject)
  delete(@Payload() request: DeleteWebhookRequest): Promise<WebhookView> {
    return this.management.delete(request);
  }

  @MessagePattern(WebhookRpc.replay.subject)
  async replay(@Payload() request: ReplayWebhookRequest): Promise<WebhookReplayView> {
    const replayed = await this.management.replay(request);
    this.sender.nudge();
    return replayed;
  }

  /** Every organization event, queued for the webhooks that want it (acknowledged once queued). */
  @JetStreamConsumer(OrganizationConsumers.webhooks)
  async event(event: PublishedEvent): Promise<void> {
    await this.deliveries.queue(event, new Date());
    this.sender.nudge();
  }
}
