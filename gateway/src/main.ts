import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { connectRedis, createLogger, runService } from '@authsvc/platform';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
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
  if (config.RATE_LIMIT_ENABLED) {
    app.use(rateLimitMiddleware(new RateLimiter(redis), config.IP_ADDRESS_HEADER));
  }
  app.use(bodyParserMiddleware, ...webClientMiddleware(WEB_DIST));
  await app.listen(config.PORT);
  logger.log(`gateway listening on :${config.PORT}, auth API at ${config.BASE_URL.origin}/api/auth`);
  return async () => {
    await app.close();
    redis.disconnect();
  };
});
