import {
  CreateWebhookBody,
  DeleteWebhookBody,
  ListWebhooksParams,
  ReplayWebhookBody,
  UpdateWebhookBody,
  WebhookRpc,
  type CreatedWebhookView,
  type WebhookReplayView,
  type WebhookView,
} from '@authsvc/contracts';
import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { asOrganizationCaller } from '../organization/organization-caller.js';

/**
 * An organization's webhooks (the organization service checks that the caller may manage them). Outside
 * organization/, whose routes the differential test plays against better-auth 1.7: the reference has no webhooks.
 */
@AuthController()
export class WebhookController {
  constructor(private readonly services: ServiceClient) {}

  @Post('organization/webhook/create')
  @HttpCode(200)
  @WithSession()
  create(@Body() body: CreateWebhookBody, @Caller() caller: SignedInCaller): Promise<CreatedWebhookView> {
    return this.services.call(WebhookRpc.create, { ...body, ...asOrganizationCaller(caller) });
  }

  @Get('organization/webhook/list')
  @WithSession()
  list(@Query() query: ListWebhooksParams, @Caller() caller: SignedInCaller): Promise<WebhookView[]> {
    return this.services.call(WebhookRpc.list, { ...query, ...asOrganizationCaller(caller) });
  }

  @Post('organization/webhook/update')
  @HttpCode(200)
  @WithSession()
  update(@Body() body: UpdateWebhookBody, @Caller() caller: SignedInCaller): Promise<WebhookView> {
    return this.services.call(WebhookRpc.update, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/webhook/delete')
  @HttpCode(200)
  @WithSession()
  delete(@Body() body: DeleteWebhookBody, @Caller() caller: SignedInCaller): Promise<WebhookView> {
    return this.services.call(WebhookRpc.delete, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/webhook/replay')
  @HttpCode(200)
  @WithSession()
  replay(@Body() body: ReplayWebhookBody, @Caller() caller: SignedInCaller): Promise<WebhookReplayView> {
    return this.services.call(WebhookRpc.replay, { ...body, ...asOrganizationCaller(caller) });
  }
}
