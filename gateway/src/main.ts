import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { connectRedis, createLogger, runService } from '@authsvc/platform';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module.js';
import { AuthCookies } from './session/auth-cookies.js';
import { readModelGetSession, type EarlyAnswer } from './session/read-model-get-session.js';
import { SessionReadModels } from './session/session-read-models.js';
import { loadGatewayConfig } from './gateway.config.js';
import { bodyParserMiddleware } from './http/body-parser.middleware.js';
import { requestIdMiddleware } from './http/request-id.middleware.js';
import { rateLimitMiddleware } from './rate-limit/rate-limit.middleware.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { webClientMiddleware } from './web/web-client.middleware.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

await runService('gateway', async () => {
  const config = loadGatewayConfig(process.env);
  const logger = createLogger('gateway', config.LOG_LEVEL, config.NODE_ENV);
  config.warnings.forEach((warning) => logger.warn(warning));
  const redis = await connectRedis(config.REDIS_URL, 'gateway');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, redis), {
    bodyParser: false,
    logger,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  // Auth answers are never revalidated by the browser; hashing every body for an ETag was wasted work.
  app.set('etag', false);
  app.use(requestIdMiddleware);
  // With the cookie cache on, get-session also (re)issues the session_data cookie, which only the full path does.
  const fromReadModel = config.COOKIE_CACHE_ENABLED
    ? undefined
    : readModelGetSession(app.get(SessionReadModels), app.get(AuthCookies));
  if (config.RATE_LIMIT_ENABLED) {
    app.use(rateLimitMiddleware(new RateLimiter(redis), config.IP_ADDRESS_HEADER));
    // Rate-limited like every request, so behind the limiter, inside the framework.
    if (fromReadModel) {
      app.use((request: Request, response: Response, next: NextFunction) => {
        fromReadModel(request, response).then((answered) => answered || next(), next);
      });
    }
  } else if (fromReadModel) {
    answerBeforeFramework(app.getHttpServer() as Server, fromReadModel);
  }
  app.use(bodyParserMiddleware, ...webClientMiddleware(WEB_DIST));
  await app.listen(config.PORT);
  logger.log(`gateway listening on :${config.PORT}, auth API at ${config.BASE_URL.origin}/api/auth`);
  return async () => {
    await app.close();
    redis.disconnect();
  };
});

/** Puts `answer` in front of the framework's request listener, which gets every request `answer` leaves alone. */
function answerBeforeFramework(server: Server, answer: EarlyAnswer): void {
  const [framework] = server.listeners('request') as ((...args: Parameters<EarlyAnswer>) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    const fallBack = () => framework(request, response);
    answer(request, response).then((answered) => answered || fallBack(), fallBack);
  });
}
