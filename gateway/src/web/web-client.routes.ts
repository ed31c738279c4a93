import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pathOf } from '../http/request-context.js';
import { WEB_CLIENT_POLICY } from '../http/security-headers.js';

const API_PREFIXES = ['/api/', '/dev/', '/health/'];
const INDEX = 'index.html';

/**
 * Serves the built React client (web/dist) at `/`; unknown non-API GETs get index.html so that client routes
 * survive a reload. Routes are made for the files of the build found at start-up (a build is never changed under
 * a running gateway), so no request path is ever resolved against the file system. Without a build, the API
 * still runs.
 */
export async function registerWebClient(instance: FastifyInstance, distDirectory: string): Promise<void> {
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
