// The "floor" for get-session: the least work any session lookup must do, i.e. one Redis GET per
// request and a small JSON answer from a bare node:http server, no framework and no message bus.
// Run as a child process by bench/run.mjs: PORT and REDIS_URL come from the environment.
import { createServer } from 'node:http';
import { Redis } from 'ioredis';

const KEY = 'bench:floor:session';
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/2');
await redis.set(KEY, JSON.stringify({ id: 'floor', userId: 'floor-user', expiresAt: new Date().toISOString() }));

const server = createServer(async (_request, response) => {
  try {
    const value = await redis.get(KEY);
    const body = JSON.stringify({ session: JSON.parse(value), user: null });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  } catch {
    response.writeHead(500).end();
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor server ready'));

process.on('SIGTERM', () => {
  server.close();
  redis.disconnect();
  process.exit(0);
});
