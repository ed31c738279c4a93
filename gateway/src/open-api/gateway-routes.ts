import { RequestMethod } from '@nestjs/common';
import {
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  RESPONSE_PASSTHROUGH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import { ServiceClient } from '../rpc/service-client.js';
import { rateLimitRuleOf } from '../rate-limit/rate-limit-rules.js';
import { SESSION_REQUIREMENT, type SessionRequirement } from '../http/with-session.decorator.js';
import type { ContractClass, GatewayRoute } from './gateway-route.js';

type Controller = abstract new (...args: never[]) => object;
type Handler = (...args: unknown[]) => unknown;

/** What `@Body()`, `@Query()`, `@Param()` and `@Res()` record per parameter (Nest keys it `<type>:<index>`). */
interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
}

const NOT_CONTRACTS = new Set<unknown>([String, Boolean, Number, Array, Object, Promise, undefined]);

/**
 * Every route of these controllers, read from the metadata Nest's own router maps them by: each handler with a
 * method decorator, at each of its paths. What a route takes (body, query, path parameters) and answers (status,
 * Content-Type) comes from the same decorators, so a new controller or handler is described without a list to keep.
 */
export function gatewayRoutes(controllers: readonly Controller[]): GatewayRoute[] {
  return controllers.flatMap((controller) => handlerNamesOf(controller).flatMap((name) => routesOf(controller, name)));
}

function handlerNamesOf(controller: Controller): string[] {
  const names = new Set<string>();
  for (let owner = controller.prototype; owner && owner !== Object.prototype; owner = Object.getPrototypeOf(owner)) {
    for (const name of Object.getOwnPropertyNames(owner)) {
      const handler = Object.getOwnPropertyDescriptor(owner, name)?.value as unknown;
      if (name !== 'constructor' && typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler))
        names.add(name);
    }
  }
  return [...names];
}

function routesOf(controller: Controller, name: string): GatewayRoute[] {
  const handler = controller.prototype[name as keyof object] as Handler;
  const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
  const base = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
  const own = pathsOf(Reflect.getMetadata(PATH_METADATA, handler));
  const args = argumentsOf(controller, name);
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? [];
  const contractAt = (type: RouteParamtypes) => {
    const whole = args.find((arg) => arg.type === type && arg.data === undefined);
    const contract = whole && types[whole.index];
    return NOT_CONTRACTS.has(contract) ? undefined : (contract as ContractClass);
  };
  const named = (type: RouteParamtypes) =>
    args.filter((arg) => arg.type === type && typeof arg.data === 'string').map((arg) => arg.data as string);
  const returned: unknown = Reflect.getMetadata('design:returntype', controller.prototype, name);
  const headers: { name: string; value: string }[] = Reflect.getMetadata(HEADERS_METADATA, handler) ?? [];
  const routeConfig: unknown = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler);
  const description = {
    method,
    handler: `${controller.name}.${name}`,
    body: contractAt(RouteParamtypes.BODY),
    query: contractAt(RouteParamtypes.QUERY),
    queryNames: named(RouteParamtypes.QUERY),
    pathParameters: named(RouteParamtypes.PARAM),
    session: Reflect.getMetadata(SESSION_REQUIREMENT, handler) as SessionRequirement | undefined,
    rateLimit: rateLimitRuleOf(routeConfig),
    callsServices: (Reflect.getMetadata('design:paramtypes', controller) ?? []).includes(ServiceClient),
    successStatus:
      (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200),
    contentType: headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? 'application/json',
    writesOwnAnswer:
      args.some((arg) => arg.type === RouteParamtypes.RESPONSE) &&
      Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, name) !== true,
    answerClass: NOT_CONTRACTS.has(returned) ? undefined : (returned as ContractClass),
  };
  return base.flatMap((prefix) => own.map((path) => ({ ...description, path: openApiPath(prefix, path) })));
}

function argumentsOf(controller: Controller, name: string): (RouteArgument & { type: RouteParamtypes })[] {
  const recorded: Record<string, RouteArgument> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
  return Object.entries(recorded).map(([key, argument]) => ({ ...argument, type: Number(key.split(':')[0]) }));
}

function pathsOf(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : '/'];
}

/** Nest's prefix and path joined as its router does, with `:name` parameters written `{name}`. */
export function openApiPath(prefix: string, path: string): string {
  const joined = `/${[prefix, path]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
