import 'reflect-metadata';
import { isDevelopment } from '@authsvc/config';
import { acceptPlainHttpImageUrls, IdentityRpc } from '@authsvc/contracts';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { RequestErrors } from '@authsvc/errors';
import { activeTracer, connectRedis, createLogger, runService, startHealthServer } from '@authsvc/platform';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module.js';
import { captchaHook } from './captcha/captcha.hook.js';
import { CaptchaVerifier } from './captcha/captcha-verifier.js';
import { corsOptions } from './http/cors-options.js';
import { gatewayHealthChecks } from './health/gateway-health-checks.js';
import { requestMetricsHook } from './http/request-metrics.hook.js';
import { NATS_CLIENT } from './rpc/service-client.js';
import { TrustedOrigins } from './security/trusted-origins.js';
import { AuthCookies } from './session/auth-cookies.js';
import { readModelGetSessionHook } from './session/read-model-get-session.js';
import { SessionReadModels } from './session/session-read-models.js';
import { JwtIssuer } from './jwt/jwt-issuer.js';
import { loadGatewayConfig } from './gateway.config.js';
import { sendError } from './http/error-response.js';
import { registerRequestBodyParser } from './http/request-body.parser.js';
import { requestIdHook } from './http/request-id.hook.js';
import { GracefulDrain } from './http/graceful-drain.js';
import { traceRouteHook } from './http/trace-route.hook.js';
import { securityHeadersHook } from './http/security-headers.js';
import { SecurityLog, securityLogHook } from './http/security-log.hook.js';
import { clientIpOf } from './http/request-context.js';
import { rateLimitHook } from './rate-limit/rate-limit.hook.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { registerWebClient } from './web/web-client.routes.js';
import { ServiceClient } from './rpc/service-client.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

await runService('gateway', async () => {
  const config = loadGatewayConfig(process.env);
  // Logos and profile images on plain http only where the deployment itself is (see isImageUrl).
  acceptPlainHttpImageUrls(isDevelopment(config));
  const logger = createLogger('gateway', config.LOG_LEVEL, config.NODE_ENV);
  config.warnings.forEach((warning) => logger.warn(warning));
  const redis = await connectRedis(config.REDIS_URL, 'gateway');
  const adapter = new FastifyAdapter({
    // No Nest middleware here (every request-wide step is a Fastify hook), hence no middie.
    skipMiddie: true,
    // A route parameter as long as the request line allows (Node's 16 KiB of headers): a mangled reset link
    // reaches its controller and gets INVALID_TOKEN, not the router's 404 past find-my-way's default 100.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A path that does not percent-decode names no route: the API's 404, not Fastify's own error body.
    frameworkErrors: (_error: Error, _request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, RequestErrors.NOT_FOUND),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, redis), adapter, {
    bodyParser: false,
    logger,
  });
  // Before every other hook (the adapter runs it first): a preflight is answered before rate limits and captcha.
  app.enableCors(corsOptions(app.get(TrustedOrigins), config.BASE_URL));
  const fastify = app.getHttpAdapter().getInstance();
  const clientIp = (request: FastifyRequest) => clientIpOf(request, config.IP_ADDRESS_HEADER, config.TRUSTED_PROXIES);
  registerRequestBodyParser(fastify);
  // Hooks run in this order, for every request, unknown routes included.
  const drain = app.get(GracefulDrain);
  fastify.addHook('onRequest', requestIdHook);
  if (activeTracer()) fastify.addHook('onRequest', traceRouteHook);
  fastify.addHook('onRequest', securityHeadersHook(config.BASE_URL.protocol === 'https:'));
  fastify.addHook('onResponse', requestMetricsHook);
  fastify.addHook('onSend', drain.hook);
  fastify.addHook('onSend', securityLogHook(new SecurityLog(config.NODE_ENV === 'production'), clientIp));
  if (config.RATE_LIMIT_ENABLED) {
    fastify.addHook(
      'onRequest',
      rateLimitHook(new RateLimiter(redis), config.IP_ADDRESS_HEADER, config.TRUSTED_PROXIES),
    );
  }
  // After the rate limit, unlike the reference: a client cannot make the gateway ask the provider without limit.
  if (config.captcha) {
    fastify.addHook('onRequest', captchaHook(config.captcha.endpoints, new CaptchaVerifier(config.captcha), clientIp));
  }
  // With the cookie cache on, get-session also (re)issues the session_data cookie, which only the controller does.
  if (!config.COOKIE_CACHE_ENABLED) {
    fastify.addHook(
      'onRequest',
      readModelGetSessionHook(app.get(SessionReadModels), app.get(AuthCookies), app.get(JwtIssuer)),
    );
  }
  const services = app.get(ServiceClient);
  await registerWebClient(fastify, WEB_DIST, async () => ({
    devMailbox: config.DEV_MAILBOX_ENABLED,
    // Without identity the client still loads, offering no social sign-in.
    socialProviders: await services
      .call(IdentityRpc.listSocialProviders, { correlationId: randomUUID() })
      .then(({ providers }) => providers)
      .catch(() => []),
  }));
  await listenOnEveryInterface(app, config.PORT);
  logger.log(`gateway listening on :${config.PORT}, auth API at ${config.BASE_URL.origin}/api/auth`);
  const checks = gatewayHealthChecks(redis, app.get(NATS_CLIENT), drain);
  const health = await startHealthServer('gateway', config.HEALTH_PORT, checks);
  logger.log(`health endpoints and metrics on :${config.HEALTH_PORT}/health/{live,ready} and /metrics`);
  return {
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      if (!(await drain.drain(fastify.server, config.SHUTDOWN_TIMEOUT_MS))) {
        logger.warn(`requests still in flight after ${config.SHUTDOWN_TIMEOUT_MS} ms were cut`);
      }
      await new Promise((resolve) => health.close(resolve));
      await app.close();
      redis.disconnect();
    },
  };
});

/**
 * Every interface, as node:http listens by default (Fastify's default is localhost only): IPv6 and IPv4 through
 * `::`, or IPv4 alone on a host without IPv6.
 */
async function listenOnEveryInterface(app: NestFastifyApplication, port: number): Promise<void> {
  await app.listen(port, '::').catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EAFNOSUPPORT' && error.code !== 'EADDRNOTAVAIL') throw error;
    await app.listen(port, '0.0.0.0');
  });
}
