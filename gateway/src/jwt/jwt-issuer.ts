import type { UserView } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { signEdDsaJwt } from './compact-jws.js';
import { tokenClaims, type JwtSettings } from './jwt-claims.js';
import { JwtKeys } from './jwt-keys.js';

/** The issuer and audience by default: the base URL as configured, without a trailing slash (the reference's). */
export function jwtSettings(config: GatewayConfig): JwtSettings {
  const baseUrl = config.BASE_URL.href.replace(/\/$/, '');
  return {
    issuer: config.JWT_ISSUER || baseUrl,
    audience: config.JWT_AUDIENCE || baseUrl,
    lifetimeSeconds: config.JWT_EXPIRATION_TIME,
  };
}

/** Signs a user's JWT with the current key, in process: no database read and no round trip per token. */
@Injectable()
export class JwtIssuer {
  private readonly settings: JwtSettings;

  constructor(
    private readonly keys: JwtKeys,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.settings = jwtSettings(config);
  }

  async issue(user: UserView, now = new Date()): Promise<string> {
    const { kid, privateKey } = await this.keys.signing(now);
    return signEdDsaJwt(tokenClaims(user, now, this.settings), kid, privateKey);
  }
}
