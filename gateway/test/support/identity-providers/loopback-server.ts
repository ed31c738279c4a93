import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a loopback port the kernel picked, with the origin clients reach it at. */
export interface LoopbackServer {
  readonly server: Server;
  readonly origin: string;
}

/**
 * Listens on 127.0.0.1 port 0 before the handler exists: the OpenID provider's issuer is its own origin, so the
 * port must be known (and held, so nothing else takes it) before the provider is built.
 */
export async function listenOnLoopback(): Promise<LoopbackServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function serve(server: Server, handler: RequestListener): void {
  server.on('request', handler);
}

/** Closes the server, dropping kept-alive connections so a test run ends at once. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** The request's path and query as a URL (its origin is a placeholder: the servers route on the path alone). */
export function requestUrl(request: IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://loopback');
}

/** The request's `application/x-www-form-urlencoded` body (a browser's form post, an OAuth token request). */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
