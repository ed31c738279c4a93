import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

const API_PREFIXES = ['/api/', '/dev/', '/health/'];

/**
 * Serves the built React client (web/dist) at `/`; unknown non-API GETs get index.html so that client
 * routes survive a reload. Without a build, the API still runs.
 */
export function webClientMiddleware(distDirectory: string): express.RequestHandler[] {
  if (!existsSync(join(distDirectory, 'index.html'))) return [];
  const assets = express.static(distDirectory, { index: 'index.html', fallthrough: true });
  const fallback = (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || API_PREFIXES.some((prefix) => request.path.startsWith(prefix))) return next();
    response.sendFile(join(distDirectory, 'index.html'));
  };
  return [
    (request, response, next) =>
      API_PREFIXES.some((prefix) => request.path.startsWith(prefix)) ? next() : assets(request, response, next),
    fallback,
  ];
}
