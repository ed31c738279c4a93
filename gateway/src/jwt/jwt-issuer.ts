import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { signEdDsaJwt } from './compact-jws.js';
import { tokenClaims, type JwtSettings, type TokenSubject } from './jwt-claims.js';
import { JwtKeys } from './jwt-keys.js';
import { RecentTokens } from './recent-tokens.js';

/** The issuer and audience by default: the base URL as configured, without a trailing slash (the reference's). */
export function jwtSettings(config: GatewayConfig): JwtSettings {
  const baseUrl = config.BASE_URL.href.replace(/\/$/, '');
  return {
    issuer: config.JWT_ISSUER || baseUrl,
    audience: config.JWT_AUDIENCE || baseUrl,
    lifetimeSeconds: config.JWT_EXPIRATION_TIME,
  };
}

/**
 * Signs a user's JWT with the current key, in process: no database read and no round trip per token. A token
 * signed for the same user (and impersonating admin) with the same key a moment ago is handed out again (see
 * RecentTokens).
 */
@Injectable()
export class JwtIssuer {
  private readonly settings: JwtSettings;
  private readonly recent: RecentTokens;

  constructor(
    private readonly keys: JwtKeys,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.settings = jwtSettings(config);
    this.recent = new RecentTokens(this.settings.lifetimeSeconds);
  }

  async issue(subject: TokenSubject, now = new Date()): Promise<string> {
    const { kid, privateKey } = await this.keys.signing(now);
    const key = `${kid}:${subject.session.impersonatedBy ?? ''}:${JSON.stringify(subject.user)}`;
    const recent = this.recent.find(key, now.getTime());
    if (recent) return recent;
    const token = signEdDsaJwt(tokenClaims(subject, now, this.settings), kid, privateKey);
    this.recent.keep(key, token, now.getTime());
    return token;
  }
}
