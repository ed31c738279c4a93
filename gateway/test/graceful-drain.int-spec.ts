import { request as httpRequest, Agent } from 'node:http';
import Fastify from 'fastify';
import { GracefulDrain } from '../src/http/graceful-drain.js';
import { freePort } from './support/free-port.js';

// The gateway's drain on a real HTTP server: a request in flight when it starts is answered, and its connection
// closed after the answer; readiness is down from the start; the drain ends once every connection has.
describe('GracefulDrain', () => {
  it('answers the request in flight with Connection: close, then ends with the last connection', async () => {
    const drain = new GracefulDrain();
    const app = Fastify();
    app.addHook('onSend', drain.hook);
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    const answer = new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
      httpRequest({ agent, host: '127.0.0.1', port, path: '/slow' }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode, connection: response.headers.connection, body }),
        );
      })
        .on('error', reject)
        .end();
    });
    await inFlight;
    const drained = drain.drain(app.server, 5000);
    const [, check] = drain.check;
    await expect(check()).rejects.toThrow('draining');
    await expect(answer).resolves.toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    await expect(drained).resolves.toBe(true);
    expect(app.server.listening).toBe(false);
    agent.destroy();
    await app.close();
  });
});
