import { MailerRpc, type MailView } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ServiceClient } from '../rpc/service-client.js';
import { MAILBOX_PAGE_POLICY, renderMailboxPage } from './mailbox-page.js';
import { correlationIdOf } from '../http/request-context.js';

/** The development mailbox (every mail the mailer stored); absent unless DEV_MAILBOX_ENABLED turns it on. */
@Controller('dev')
export class MailboxController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('mailbox.json')
  list(@Req() request: FastifyRequest): Promise<MailView[]> {
    if (!this.config.DEV_MAILBOX_ENABLED) throw new DomainError(RequestErrors.NOT_FOUND);
    return this.services.call(MailerRpc.listMailbox, { correlationId: correlationIdOf(request) });
  }

  @Get('mailbox')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', MAILBOX_PAGE_POLICY)
  async page(@Req() request: FastifyRequest): Promise<string> {
    return renderMailboxPage(await this.list(request));
  }
}
