import 'reflect-metadata';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { Redis } from 'ioredis';
import { AppModule } from '../../src/app.module.js';
import { loadGatewayConfig } from '../../src/gateway.config.js';

export interface MappedRoute {
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly body?: new () => object;
}

type Controller = new (...args: never[]) => object;

/**
 * The routes of the controllers the gateway's module declares, read here from Nest's route metadata on its own
 * (not with the generator's reader): the oracle the document is compared with.
 */
export function mappedRoutes(): MappedRoute[] {
  const redis = new Redis({ lazyConnect: true });
  const { controllers = [] } = AppModule.forRoot(loadGatewayConfig({ NODE_ENV: 'test' }), redis);
  redis.disconnect();
  return (controllers as Controller[]).flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype).flatMap((name) => {
      const handler: unknown = controller.prototype[name as keyof object];
      if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
      const body = bodyOf(controller, name);
      return paths.map((path) => {
        const full = `/${[Reflect.getMetadata(PATH_METADATA, controller) as string, path]
          .map((part) => part.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/')}`.replace(/:(\w+)/g, '{$1}');
        return { key: `${method} ${full}`, method, path: full, body };
      });
    }),
  );
}

function bodyOf(controller: Controller, name: string): (new () => object) | undefined {
  const args: Record<string, { index: number; data?: unknown }> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? [];
  const body = Object.entries(args).find(([key, arg]) => key.startsWith(`${RouteParamtypes.BODY}:`) && !arg.data);
  const type = body && types[body[1].index];
  return typeof type === 'function' && type !== Object ? (type as new () => object) : undefined;
}
