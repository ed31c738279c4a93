import type { JsonSchema } from '@authsvc/contracts';
import { Controller, Get, Header, Inject, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { gatewayRoutes } from './gateway-routes.js';
import { openApiDocument } from './open-api-document.js';
import { REFERENCE_PAGE_POLICY, referencePage } from './reference-page.js';

const SCHEMA_PATH = 'open-api/generate-schema';

/** The OpenAPI document of every route the gateway maps, and a reference page reading it, at better-auth's paths. */
@Controller(AUTH_BASE_PATH)
export class OpenApiController {
  /** Made on first request: the routes are fixed once the application has started. */
  private document?: JsonSchema;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get(SCHEMA_PATH)
  schema(): JsonSchema {
    const controllers = this.discovery
      .getControllers()
      .flatMap(({ metatype }) => (metatype ? [metatype as Type<object>] : []));
    this.document ??= openApiDocument(gatewayRoutes(controllers), this.config.BASE_URL.origin);
    return this.document;
  }

  @Get('reference')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', REFERENCE_PAGE_POLICY)
  reference(): string {
    return referencePage(`${AUTH_BASE_PATH}/${SCHEMA_PATH}`);
  }
}
