import { CaptchaErrors } from '@authsvc/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { sendError } from '../http/error-response.js';
import { isGuardedRoute } from './captcha-endpoints.js';
import type { CaptchaVerifier } from './captcha-verifier.js';

/** Where the client puts the provider's token, as the reference client's `fetchOptions.headers` carry it. */
export const CAPTCHA_HEADER = 'x-captcha-response';

/**
 * The captcha in front of the guarded routes (sign-up, sign-in, password reset by default). It runs on request,
 * before the body is read or validated, as the reference's plugin does: no token 400, a token the provider turns
 * down 403, a provider that cannot be asked 500. It goes by the matched route (see `isGuardedRoute`), and asks the
 * provider with the client address the gateway resolved.
 */
export function captchaHook(
  endpoints: readonly string[],
  verifier: CaptchaVerifier,
  clientIp: (request: FastifyRequest) => string,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(`${AUTH_BASE_PATH}/`)) return;
    if (!isGuardedRoute(route.slice(AUTH_BASE_PATH.length), endpoints)) return;
    const token = request.headers[CAPTCHA_HEADER];
    if (typeof token !== 'string' || token === '') {
      sendError(reply, CaptchaErrors.MISSING_CAPTCHA_RESPONSE);
      return reply;
    }
    const verdict = await verifier.verify(token, clientIp(request));
    if (verdict === 'accepted') return;
    sendError(
      reply,
      verdict === 'rejected' ? CaptchaErrors.CAPTCHA_VERIFICATION_FAILED : CaptchaErrors.SOMETHING_WENT_WRONG,
    );
    return reply;
  };
}
