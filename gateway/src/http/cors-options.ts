import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CAPTCHA_HEADER } from '../captcha/captcha.hook.js';
import type { TrustedOrigins } from '../security/trusted-origins.js';

type CorsOptions = NonNullable<Parameters<NestFastifyApplication['enableCors']>[0]>;

/**
 * CORS for the apps of TRUSTED_ORIGINS served from other origins (BASE_URL's own origin is same-origin and needs
 * none): their requests may carry cookies, and their scripts read the answers. Any other origin gets no CORS
 * header at all, and its preflight no grant (the 404 of an unknown route), so browsers keep its scripts out. This
 * only widens what browsers let scripts read: the origin check (OriginGuard) still decides every request.
 */
export function corsOptions(trusted: TrustedOrigins, baseUrl: URL): CorsOptions {
  return {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && origin !== baseUrl.origin && trusted.isTrustedOrigin(origin)),
    credentials: true,
    // What better-auth's client sends: GET and POST, JSON bodies, the captcha token and a bearer token.
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', CAPTCHA_HEADER],
    // Browsers may reuse a grant for 10 minutes (Chromium's own upper bound is 2 hours).
    maxAge: 600,
    // A bare OPTIONS from a trusted origin gets the grant too, rather than a body outside the error catalogue.
    strictPreflight: false,
  };
}
