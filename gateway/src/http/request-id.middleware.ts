import type { NextFunction, Request, Response } from 'express';
import { requestIdOf } from './request-context.js';

/** Gives every request a correlation id, echoed in `x-request-id` and carried into every message it causes. */
export function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
  const id = requestIdOf(request);
  request.headers['x-request-id'] = id;
  response.setHeader('x-request-id', id);
  next();
}
