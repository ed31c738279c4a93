import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The CLI's error output, run with `env` and nothing else but PATH, against a NATS port where nobody listens. */
async function adminCliErrors(env: Record<string, string>): Promise<string> {
  const run = promisify(execFile)(process.execPath, ['scripts/admin.mjs', 'grant', 'ada@example.com'], {
    env: { PATH: process.env.PATH ?? '', NATS_URL: 'nats://127.0.0.1:1', ...env },
  });
  const failure = await run.then(
    () => undefined,
    (error: { stderr: string }) => error,
  );
  if (failure === undefined) throw new Error('the CLI succeeded with no NATS server');
  return failure.stderr;
}

describe('npm run admin', () => {
  it('runs in development without NODE_ENV or a seed: only the unreachable server stops it', async () => {
    const stderr = await adminCliErrors({});
    expect(stderr).not.toContain('Invalid configuration');
    expect(stderr).toContain('grant ada@example.com failed');
  });

  it('refuses the development credential in production', async () => {
    expect(await adminCliErrors({ NODE_ENV: 'production' })).toContain(
      'NATS_NKEY_SEED must be set in production (the development default is refused)',
    );
  });
});
