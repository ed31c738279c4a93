import type { FastifyRequest } from 'fastify';
import { routeOf } from './request-context.js';

describe('routeOf', () => {
  const requestTo = (url: string, route?: string) =>
    ({ url, routeOptions: { url: route } }) as Pick<FastifyRequest, 'url' | 'routeOptions'>;

  it('names the declared route, not the token in the path', () => {
    const token = 'a'.repeat(24);
    const route = routeOf(
      requestTo(`/api/auth/reset-password/${token}?callbackURL=/x`, '/api/auth/reset-password/:token'),
    );
    expect(route).toBe('/api/auth/reset-password/:token');
  });

  it('falls back to the path without its query for a request no route matched', () => {
    expect(routeOf(requestTo('/nowhere?token=secret'))).toBe('/nowhere');
  });
});
