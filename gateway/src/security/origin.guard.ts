import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { checkOrigin } from './origin-policy.js';
import { TrustedOrigins } from './trusted-origins.js';

/**
 * Applies the origin policy to every route of the auth API, after routing and before validation. It goes by the
 * matched route, so every spelling the router serves for a route (`/api/%61uth/sign-in/email`) is checked as the
 * canonical one.
 */
@Injectable()
export class OriginGuard implements CanActivate {
  constructor(@Inject(TrustedOrigins) private readonly trusted: TrustedOrigins) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(`${AUTH_BASE_PATH}/`)) return true;
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    checkOrigin(
      {
        method: request.method,
        route: route.slice(AUTH_BASE_PATH.length),
        hasCookies: Boolean(request.headers.cookie),
        origin: header('origin'),
        referer: header('referer'),
        secFetchSite: header('sec-fetch-site'),
        secFetchMode: header('sec-fetch-mode'),
        body: request.body,
        query: request.query as Record<string, unknown>,
      },
      this.trusted,
    );
    return true;
  }
}
