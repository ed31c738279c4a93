import { newTestDatabaseUrl } from './stack-databases.js';
import { TEST_REDIS_URL } from './test-redis.js';

/** The variables every app of a stack gets, its gateway on `gatewayPort`; `extraEnv` (a suite's) on top. */
export function stackEnv(gatewayPort: number, extraEnv: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    BASE_URL: `http://localhost:${gatewayPort}`,
    DATABASE_URL: newTestDatabaseUrl(),
    REDIS_URL: TEST_REDIS_URL,
    // The tests stand in for a proxy on loopback: each names its own client with x-forwarded-for.
    TRUSTED_PROXIES: '127.0.0.1, ::1',
    // Suites run side by side on two cores, and hashes run at the lowest priority: a stack's first sign-up
    // once took over 3 s while other stacks were starting. A down service still answers 503 at once.
    RPC_TIMEOUT_MS: '10000',
    BCRYPT_COST: '4',
    // The services start together, each creating its own streams: a consumer whose stream is not there yet looks
    // again soon, rather than holding its service's readiness for up to a second.
    CONSUMER_STREAM_WAIT_MS: '100',
    ...extraEnv,
  };
}
