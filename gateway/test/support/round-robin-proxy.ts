import { Agent, createServer, request, type Server } from 'node:http';
import { freePort } from './free-port.js';

/**
 * A load balancer in front of several gateways, as an ops team's would be: each request goes to the next upstream
 * in turn over kept-alive connections. `remove` is what Kubernetes does when a pod starts terminating (its
 * endpoint is withdrawn) before the pod gets SIGTERM. A request that fails upstream answers 502.
 */
export class RoundRobinProxy {
  private upstreams: URL[];
  private next = 0;
  private readonly agent = new Agent({ keepAlive: true });

  private readonly server: Server = createServer((incoming, outgoing) => {
    const upstream = this.pick();
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
    forwarded.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });

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

  remove(upstream: string): void {
    this.upstreams = this.upstreams.filter((url) => url.origin !== new URL(upstream).origin);
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private pick(): URL {
    this.next = (this.next + 1) % this.upstreams.length;
    return this.upstreams[this.next];
  }
}
