/**
 * The Redis database the test stacks share. `TEST_REDIS_URL` gives side-by-side runs on one machine (several
 * worktrees) a database each: some suites flush it.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
