import { IsOptional, ValidateBy } from 'class-validator';
import { Id, LIMITS, NonEmptyText, OptionalId, OptionalNonEmptyText } from '../messaging/fields.js';
import { OrganizationEventTypes } from './events/organization-event-types.js';
import { organizationCaller } from './organization-caller.js';

/** What a webhook may ask for: every event type (`*`), or named types of the organization's events. */
export const WEBHOOK_EVENT_CHOICES: readonly string[] = ['*', ...OrganizationEventTypes.map((event) => event.type)];

/** A non-empty list of event types, each one of WEBHOOK_EVENT_CHOICES (the JSON Schema: `eventTypeList`). */
const WebhookEvents = (): PropertyDecorator =>
  ValidateBy({
    name: 'eventTypeList',
    constraints: [WEBHOOK_EVENT_CHOICES],
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length > 0 &&
        value.length <= WEBHOOK_EVENT_CHOICES.length &&
        value.every((type) => typeof type === 'string' && WEBHOOK_EVENT_CHOICES.includes(type)),
      defaultMessage: () => '$property must list event types of the organization, or "*"',
    },
  });

/*
 * The webhook endpoints. An `organizationId` left out (or empty) means the caller's active organization, as in
 * the other organization endpoints. The URL's scheme and address are checked by the service (they depend on
 * the deployment: see webhook-url.ts).
 */

/** POST /organization/webhook/create. */
export class CreateWebhookBody {
  @OptionalId()
  organizationId?: string;

  @NonEmptyText(LIMITS.url)
  url!: string;

  @WebhookEvents()
  events!: string[];
}

export class CreateWebhookRequest extends organizationCaller(CreateWebhookBody) {}

/** GET /organization/webhook/list. */
export class ListWebhooksParams {
  @OptionalId()
  organizationId?: string;
}

export class ListWebhooksRequest extends organizationCaller(ListWebhooksParams) {}

/** POST /organization/webhook/update: the fields given change. */
export class UpdateWebhookBody {
  @OptionalId()
  organizationId?: string;

  @Id()
  webhookId!: string;

  @OptionalNonEmptyText(LIMITS.url)
  url?: string;

  @IsOptional()
  @WebhookEvents()
  events?: string[];
}

export class UpdateWebhookRequest extends organizationCaller(UpdateWebhookBody) {}

/** POST /organization/webhook/delete. */
export class DeleteWebhookBody {
  @OptionalId()
  organizationId?: string;

  @Id()
  webhookId!: string;
}

export class DeleteWebhookRequest extends organizationCaller(DeleteWebhookBody) {}

/** POST /organization/webhook/replay: one failed delivery (`deliveryId`), or every failed one of the webhook. */
export class ReplayWebhookBody {
  @OptionalId()
  organizationId?: string;

  @Id()
  webhookId!: string;

  @OptionalId()
  deliveryId?: string;
}

export class ReplayWebhookRequest extends organizationCaller(ReplayWebhookBody) {}
