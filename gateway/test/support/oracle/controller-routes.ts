import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One route a controller declares: `POST /api/auth/sign-up/email`, with `:params` matching any segment. */
export interface DeclaredRoute {
  readonly route: string;
  matches(method: string, pathname: string): boolean;
}

const ROUTE_DECORATOR = /@(Get|Post|Put|Patch|Delete)\((\[[^\]]*\]|'[^']*')?\)/g;

/**
 * The routes the `*.controller.ts` files of a folder declare under `basePath`, read from their decorators, so a
 * differential suite can prove it sent a request to each (and notices an endpoint added later).
 */
export function declaredRoutes(folder: string, basePath: string): DeclaredRoute[] {
  const sources = readdirSync(folder)
    .filter((file) => file.endsWith('.controller.ts'))
    .map((file) => readFileSync(join(folder, file), 'utf8'));
  return sources.flatMap((source) =>
    [...source.matchAll(ROUTE_DECORATOR)].flatMap(([, decorator, paths = "''"]) =>
      [...paths.matchAll(/'([^']*)'/g)].map(([, path]) => routeOf(decorator.toUpperCase(), `${basePath}/${path}`)),
    ),
  );
}

function routeOf(method: string, path: string): DeclaredRoute {
  const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
  return { route: `${method} ${path}`, matches: (sent, pathname) => sent === method && pattern.test(pathname) };
}
