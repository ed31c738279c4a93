import { connect, createServer } from 'node:net';

/** Ports this process handed out already: the kernel may give a just-closed port again to the next caller. */
const handedOut = new Set<number>();

function portFromKernel(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A port nothing listens on, and never one this process handed out before: two apps of one stack given the same
 * port would have the later one fail to start while the earlier one answers its health checks.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await portFromKernel();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** Resolves true once something accepts connections on `port` (for `eventually`), undefined while nothing does. */
export function acceptsConnections(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(undefined));
  });
}
