import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathOf } from '../http/request-context.js';
import { WEB_CLIENT_POLICY } from '../http/security-headers.js';

const INDEX = 'index.html';
/** Paths of the API and of the gateway's own pages: their unknown paths answer the API's 404. */
const API_PATHS = /^\/(api|dev|health)(\/|$)/;
/** The client's page paths, written by its build (web/src/client-paths.ts). */
const CLIENT_PATHS_FILE = 'client-paths.json';

/** What the web client needs to know of this gateway's configuration; public, as anyone may load the client. */
export interface WebClientConfig {
  /** The development mailbox (/dev/mailbox) is on: the client links to it (and only then). */
  readonly devMailbox: boolean;
  /** The ids of the configured social providers, for "Continue with …" buttons. */
  readonly socialProviders: readonly string[];
}

/** Where the client reads its WebClientConfig (Vite's dev server proxies it too). */
export const WEB_CLIENT_CONFIG_PATH = '/client-config.json';

/**
 * Serves the built React client (web/dist) at `/`, and index.html at each of its pages (the paths its build lists),
 * so that client routes survive a reload; any other path answers 404, never the client with 200. Routes
 * are made for the files of the build found at start-up (a build is never changed under a running gateway), so no
 * request path is ever resolved against the file system. Without a build, the API still runs, and so does the
 * client's configuration (for Vite's dev server).
 */
export async function registerWebClient(
  instance: FastifyInstance,
  distDirectory: string,
  clientConfig: () => Promise<WebClientConfig>,
): Promise<void> {
  instance.get(WEB_CLIENT_CONFIG_PATH, async (_request, reply) => reply.send(await clientConfig()));
  if (!existsSync(join(distDirectory, INDEX))) return;
  await instance.register(fastifyStatic, {
    root: distDirectory,
    index: INDEX,
    wildcard: false,
    // The API's policy forbids everything; the client's pages may load the client's own files.
    setHeaders: (reply) => reply.header('content-security-policy', WEB_CLIENT_POLICY),
  });
  // `/` is the static index already.
  for (const path of clientPaths(distDirectory).filter((page) => page !== '/')) {
    instance.get(path, (_request, reply) => reply.sendFile(INDEX));
  }
  // A browser that follows a stale link to no page gets the client's own "Page not found", still as a 404; any
  // other client (an API caller, a scraper, a scanner) gets the API's 404.
  const notFoundPage = readFileSync(join(distDirectory, INDEX));
  instance.get('/*', (request, reply) =>
    API_PATHS.test(pathOf(request)) || !acceptsHtml(request)
      ? reply.callNotFound()
      : reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', WEB_CLIENT_POLICY)
          .send(notFoundPage),
  );
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** The page paths of the build (react-router's `:param` patterns, which Fastify's router reads alike). */
function clientPaths(distDirectory: string): string[] {
  const file = join(distDirectory, CLIENT_PATHS_FILE);
  const paths: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string' && path.startsWith('/'))) {
    throw new Error(`${file} must list the web client's page paths: rebuild the client (npm run build -w web)`);
  }
  return paths;
}
