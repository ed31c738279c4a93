import { Id } from '@authsvc/contracts';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { RequestErrors } from '@authsvc/errors';
import { WithSession } from '../http/with-session.decorator.js';
import { CREDENTIAL_RULE, DEFAULT_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { gatewayRoutes, openApiPath } from './gateway-routes.js';
import { openApiDocument } from './open-api-document.js';
import { routeErrors } from './route-errors.js';

class DoorBody {
  @Id()
  doorId!: string;
}

class DoorQuery {
  @Id()
  doorId!: string;
}

@Controller('/api/auth')
class DoorController {
  @Post(['door/open', 'door/unlock'])
  @HttpCode(200)
  @RateLimit(CREDENTIAL_RULE)
  @WithSession()
  open(@Body() body: DoorBody): DoorBody {
    return body;
  }

  @Get('door/:doorId')
  read(@Param('doorId') doorId: string, @Query() query: DoorQuery, @Res() reply: unknown): unknown {
    return [doorId, query, reply];
  }

  @Get('door-page')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Query('name') name: unknown): string {
    return String(name);
  }

  notARoute(): void {}
}

describe('gatewayRoutes', () => {
  const routes = gatewayRoutes([DoorController]);
  const route = (method: string, path: string) => routes.find((one) => one.method === method && one.path === path)!;

  it('lists each method and path a handler is mapped at, and nothing else', () => {
    expect(routes.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'GET /api/auth/door-page',
      'GET /api/auth/door/{doorId}',
      'POST /api/auth/door/open',
      'POST /api/auth/door/unlock',
    ]);
  });

  it('reads what a route takes and answers from its decorators', () => {
    expect(route('POST', '/api/auth/door/open')).toMatchObject({
      body: DoorBody,
      successStatus: 200,
      rateLimit: CREDENTIAL_RULE,
      session: { optional: false, withoutSession: RequestErrors.UNAUTHORIZED },
      writesOwnAnswer: false,
      answerClass: DoorBody,
    });
    expect(route('GET', '/api/auth/door/{doorId}')).toMatchObject({
      query: DoorQuery,
      pathParameters: ['doorId'],
      rateLimit: DEFAULT_RULE,
      writesOwnAnswer: true,
      successStatus: 200,
    });
    expect(route('GET', '/api/auth/door-page')).toMatchObject({
      queryNames: ['name'],
      contentType: 'text/html; charset=utf-8',
    });
  });

  it('joins paths as Nest does, with parameters in braces', () => {
    expect(openApiPath('/api/auth/', '/reset-password/:token')).toBe('/api/auth/reset-password/{token}');
    expect(openApiPath('health', 'live')).toBe('/health/live');
  });
});

describe('routeErrors', () => {
  it("names the transport's errors a route can answer: body, origin, session, limits, failures", () => {
    const codes = routeErrors(gatewayRoutes([DoorController])[0]).map(({ code, status }) => `${status} ${code}`);
    expect(codes).toEqual([
      '400 BAD_REQUEST',
      '413 REQUEST_BODY_IS_TOO_LARGE',
      '415 UNSUPPORTED_MEDIA_TYPE',
      '400 VALIDATION_ERROR',
      '403 MISSING_OR_NULL_ORIGIN',
      '403 INVALID_ORIGIN',
      '401 UNAUTHORIZED',
      '429 TOO_MANY_REQUESTS',
      '503 SERVICE_TEMPORARILY_UNAVAILABLE',
      '500 INTERNAL_SERVER_ERROR',
    ]);
  });
});

describe('openApiDocument', () => {
  const document = openApiDocument(gatewayRoutes([DoorController]), 'https://auth.example.com') as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters: unknown[]; responses: object }>>;
    components: { schemas: Record<string, unknown> };
  };

  it('refers to each contract once in the components, for JSON and form bodies alike', () => {
    const ref = { schema: { $ref: '#/components/schemas/DoorBody' } };
    expect(document.paths['/api/auth/door/open'].post.requestBody).toEqual({
      required: true,
      content: { 'application/json': ref, 'application/x-www-form-urlencoded': ref },
    });
    expect(Object.keys(document.components.schemas).sort()).toEqual(['DoorBody', 'ErrorAnswer']);
  });

  it('lists path parameters, and query fields as their contract has them', () => {
    expect(document.paths['/api/auth/door/{doorId}'].get.parameters).toEqual([
      { name: 'doorId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'doorId', in: 'query', required: true, schema: { type: 'string', maxLength: 64 } },
    ]);
  });

  it('answers errors by status, each naming its catalogue entries, and the rest under default', () => {
    expect(Object.keys(document.paths['/api/auth/door-page'].get.responses)).toEqual(['200', '429', '500', 'default']);
  });
});
