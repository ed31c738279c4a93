import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './free-port.js';

/**
 * A load balancer in front of several gateways, as an ops team's would be: each request goes to the next upstream
 * in turn over kept-alive connections. `remove` is what Kubernetes does when a pod starts terminating (its
 * endpoint is withdrawn) before the pod gets SIGTERM, `add` what it does once the pod is ready again. An upstream
 * that refuses the connection (a gateway that crashed) never saw the request, so it goes to the next one, and so
 * does a GET whose connection broke before an answer (it changes nothing), as nginx's `proxy_next_upstream error`
 * does; any other request that fails once sent answers 502 (it may have been carried out).
 */
export class RoundRobinProxy {
  private upstreams: URL[];
  private next = 0;
  private readonly agent = new Agent({ keepAlive: true });

  private readonly server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => this.forward(incoming, outgoing, Buffer.concat(chunks), this.rotation()));
  });

  /** Sends the request to the first of `upstreams`, and to the next of them if that one refuses the connection. */
  private forward(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, upstreams: URL[]): void {
    const [upstream, ...others] = upstreams;
    const forwarded = request(
      {
        agent: this.agent,
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error: NodeJS.ErrnoException) => {
      const unsent = error.code === 'ECONNREFUSED';
      const safe = incoming.method === 'GET' || incoming.method === 'HEAD';
      if ((unsent || (safe && !outgoing.headersSent)) && others.length > 0) {
        return this.forward(incoming, outgoing, body, others);
      }
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
    });
    forwarded.end(body);
  }

  private constructor(
    readonly url: string,
    upstreams: readonly string[],
  ) {
    this.upstreams = upstreams.map((upstream) => new URL(upstream));
  }

  static async start(upstreams: readonly string[]): Promise<RoundRobinProxy> {
    const port = await freePort();
    const proxy = new RoundRobinProxy(`http://localhost:${port}`, upstreams);
    await new Promise<void>((resolve) => proxy.server.listen(port, '127.0.0.1', resolve));
    return proxy;
  }

  add(upstream: string): void {
    this.upstreams = [...this.upstreams, new URL(upstream)];
  }

  remove(upstream: string): void {
    this.upstreams = this.upstreams.filter((url) => url.origin !== new URL(upstream).origin);
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Every upstream, starting with the next in turn. */
  private rotation(): URL[] {
    this.next = (this.next + 1) % this.upstreams.length;
    return [...this.upstreams.slice(this.next), ...this.upstreams.slice(0, this.next)];
  }
}
