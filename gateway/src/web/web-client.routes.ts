import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pathOf } from '../http/request-context.js';
import { WEB_CLIENT_POLICY } from '../http/security-headers.js';

const API_PREFIXES = ['/api/', '/dev/', '/health/'];
const INDEX = 'index.html';

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
 * Serves the built React client (web/dist) at `/`; unknown non-API GETs get index.html so that client routes
 * survive a reload. Routes are made for the files of the build found at start-up (a build is never changed under
 * a running gateway), so no request path is ever resolved against the file system. Without a build, the API
 * still runs, and so does the client's configuration (for Vite's dev server).
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
  instance.get('/*', (request, reply) =>
    API_PREFIXES.some((prefix) => pathOf(request).startsWith(prefix)) ? reply.callNotFound() : reply.sendFile(INDEX),
  );
}
