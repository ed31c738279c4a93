import {
  boolean,
  checkSecrets,
  ConfigError,
  decimal,
  DEV_AUTH_SECRET,
  DEV_DATA_ENCRYPTION_KEY,
  DEV_NATS_NKEY_SEEDS,
  DatabaseVariables,
  DevMailboxVariable,
  EventStreamVariables,
  integer,
  list,
  loadConfig,
  natsVariables,
  NodeEnvVariable,
  optionalUrl,
  RpcClientVariables,
  rpcRetryBudget,
  url,
} from './index.js';

const schema = {
  PORT: integer(3000, 1, 65535),
  BASE_URL: url(['http:', 'https:'], 'http://localhost:3000'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  RATE_LIMIT_ENABLED: boolean(true),
  TRUSTED_ORIGINS: list(),
};

describe('configuration', () => {
  it('uses the development defaults when nothing is set', () => {
    const config = loadConfig(schema, {});
    expect(config.PORT).toBe(3000);
    expect(config.BASE_URL.origin).toBe('http://localhost:3000');
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.RATE_LIMIT_ENABLED).toBe(true);
    expect(config.TRUSTED_ORIGINS).toEqual([]);
  });

  it('parses set values', () => {
    const config = loadConfig(schema, {
      PORT: '8080',
      SMTP_URL: 'smtp://mail:25',
      RATE_LIMIT_ENABLED: 'false',
      TRUSTED_ORIGINS: ' https://a.example , https://b.example ,',
    });
    expect(config.PORT).toBe(8080);
    expect(config.SMTP_URL?.hostname).toBe('mail');
    expect(config.RATE_LIMIT_ENABLED).toBe(false);
    expect(config.TRUSTED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reports every bad variable by name at once', () => {
    const attempt = () =>
      loadConfig(schema, { PORT: '80a', BASE_URL: 'ftp://x', SMTP_URL: 'nonsense', RATE_LIMIT_ENABLED: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      for (const name of ['PORT', 'BASE_URL', 'SMTP_URL', 'RATE_LIMIT_ENABLED']) {
        expect(problems.some((problem) => problem.startsWith(`${name} `))).toBe(true);
      }
    }
  });

  it('refuses a list entry shorter than the list allows, naming the variable and the entry', () => {
    const words = { WORDS: list('', 3) };
    expect(loadConfig(words, { WORDS: 'acme, rocket' }).WORDS).toEqual(['acme', 'rocket']);
    expect(() => loadConfig(words, { WORDS: 'acme, a' })).toThrow(/WORDS has "a": entries need 3\+ characters/);
  });

  it('reads a decimal within its bounds and names the variable of one outside them', () => {
    const score = { MIN_SCORE: decimal(0.5, 0, 1) };
    expect(loadConfig(score, {}).MIN_SCORE).toBe(0.5);
    expect(loadConfig(score, { MIN_SCORE: ' 0.75 ' }).MIN_SCORE).toBe(0.75);
    expect(loadConfig(score, { MIN_SCORE: '1' }).MIN_SCORE).toBe(1);
    for (const bad of ['1.5', '-0.1', '0.5x', '', '1e-1']) {
      expect(() => loadConfig(score, { MIN_SCORE: bad })).toThrow(/MIN_SCORE must be a number from 0 to 1/);
    }
  });

  it('names a required variable that is missing', () => {
    expect(() => loadConfig({ DATABASE_URL: url(['postgres:']) }, {})).toThrow(/DATABASE_URL is required/);
  });

  it('warns about the development secret locally and refuses it in production', () => {
    const auth = (NODE_ENV: string, AUTH_SECRET: string, AUTH_SECRETS_PREVIOUS: string[] = []) =>
      checkSecrets({ NODE_ENV, AUTH_SECRET, AUTH_SECRETS_PREVIOUS });
    expect(auth('development', DEV_AUTH_SECRET)).toEqual([expect.stringMatching(/^AUTH_SECRET/)]);
    expect(() => auth('production', DEV_AUTH_SECRET)).toThrow(/AUTH_SECRET/);
    expect(() => auth('production', 'short')).toThrow(/at least 32/);
    expect(auth('production', 'x'.repeat(40))).toEqual([]);
  });

  it('refuses a short or development previous secret in production, naming its variable', () => {
    const strong = 'x'.repeat(40);
    expect(() =>
      checkSecrets({ NODE_ENV: 'production', AUTH_SECRET: strong, AUTH_SECRETS_PREVIOUS: ['short'] }),
    ).toThrow(/AUTH_SECRETS_PREVIOUS/);
    expect(
      checkSecrets({ NODE_ENV: 'production', AUTH_SECRET: strong, AUTH_SECRETS_PREVIOUS: ['y'.repeat(40)] }),
    ).toEqual([]);
  });

  it('requires an explicit DATA_ENCRYPTION_KEY in production and warns about the default locally', () => {
    const data = (NODE_ENV: string, DATA_ENCRYPTION_KEY: string, DATA_ENCRYPTION_KEYS_PREVIOUS: string[] = []) =>
      checkSecrets({ NODE_ENV, DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_KEYS_PREVIOUS });
    expect(data('test', DEV_DATA_ENCRYPTION_KEY)).toEqual([expect.stringMatching(/^DATA_ENCRYPTION_KEY/)]);
    expect(() => data('production', DEV_DATA_ENCRYPTION_KEY)).toThrow(/DATA_ENCRYPTION_KEY must be set/);
    expect(() => data('production', 'z'.repeat(40), [DEV_DATA_ENCRYPTION_KEY])).toThrow(
      /DATA_ENCRYPTION_KEYS_PREVIOUS/,
    );
    expect(data('production', 'z'.repeat(40))).toEqual([]);
  });

  it('refuses a development switch turned on in production, naming it, and allows it off', () => {
    const mailbox = { ...NodeEnvVariable, ...DevMailboxVariable };
    expect(loadConfig(mailbox, { NODE_ENV: 'test', DEV_MAILBOX_ENABLED: 'true' }).DEV_MAILBOX_ENABLED).toBe(true);
    expect(() => loadConfig(mailbox, { NODE_ENV: 'production', DEV_MAILBOX_ENABLED: 'true' })).toThrow(
      /DEV_MAILBOX_ENABLED must be off in production/,
    );
    expect(loadConfig(mailbox, { NODE_ENV: 'production', DEV_MAILBOX_ENABLED: 'false' }).DEV_MAILBOX_ENABLED).toBe(
      false,
    );
    expect(loadConfig(mailbox, {}).DEV_MAILBOX_ENABLED).toBe(false);
  });

  describe('NATS credential', () => {
    const natsSchema = { ...NodeEnvVariable, ...natsVariables('mailer') };
    const seed = 'SUADLKG3J7ADA3GR2O4N5SZABEPSYQ336HO7GPA3WMN5ZU7PKXWEUQM4ZM';

    it("uses the app's development credential locally", () => {
      expect(loadConfig(natsSchema, { NODE_ENV: 'development' }).NATS_NKEY_SEED).toBe(DEV_NATS_NKEY_SEEDS.mailer);
      expect(DEV_NATS_NKEY_SEEDS.mailer).not.toBe(DEV_NATS_NKEY_SEEDS.gateway);
    });

    it('refuses the development credential in production, by default or set', () => {
      expect(() => loadConfig(natsSchema, {})).toThrow(/NATS_NKEY_SEED must be set in production/);
      expect(() =>
        loadConfig(natsSchema, { NODE_ENV: 'production', NATS_NKEY_SEED: DEV_NATS_NKEY_SEEDS.mailer }),
      ).toThrow(/NATS_NKEY_SEED must be set in production/);
      expect(loadConfig(natsSchema, { NODE_ENV: 'production', NATS_NKEY_SEED: seed }).NATS_NKEY_SEED).toBe(seed);
    });

    it("takes one server or a cluster's servers, comma-separated, in NATS_URL", () => {
      const servers = (raw?: string) =>
        loadConfig(natsSchema, { NODE_ENV: 'test', ...(raw === undefined ? {} : { NATS_URL: raw }) }).NATS_URL.map(
          String,
        );
      expect(servers()).toEqual(['nats://127.0.0.1:4222']);
      expect(servers('nats://n0:4222, nats://n1:4222,,tls://n2:4222')).toEqual([
        'nats://n0:4222',
        'nats://n1:4222',
        'tls://n2:4222',
      ]);
      expect(() => servers(' , ')).toThrow(/NATS_URL must name at least one URL/);
      expect(() => servers('nats://n0:4222,http://n1:4222')).toThrow(/NATS_URL must use nats: or tls:/);
    });

    it('refuses what is not a user nkey seed', () => {
      for (const wrong of ['REPLACE_ME', `SA${seed.slice(2)}`, seed.slice(0, -1), seed.toLowerCase()]) {
        expect(() => loadConfig(natsSchema, { NODE_ENV: 'test', NATS_NKEY_SEED: wrong })).toThrow(
          /NATS_NKEY_SEED must be a NATS user nkey seed/,
        );
      }
    });
  });

  describe('deployment sizing', () => {
    const sizing = { ...DatabaseVariables, ...EventStreamVariables };

    it('defaults to one JetStream replica (a single nats-server) and ten connections per process', () => {
      const config = loadConfig(sizing, {});
      expect({ replicas: config.JETSTREAM_REPLICAS, pool: config.DATABASE_POOL_SIZE }).toEqual({
        replicas: 1,
        pool: 10,
      });
      const set = loadConfig(sizing, { JETSTREAM_REPLICAS: '3', DATABASE_POOL_SIZE: '25' });
      expect({ replicas: set.JETSTREAM_REPLICAS, pool: set.DATABASE_POOL_SIZE }).toEqual({ replicas: 3, pool: 25 });
    });

    it.each([
      ['JETSTREAM_REPLICAS', '0'],
      ['JETSTREAM_REPLICAS', '6'],
      ['JETSTREAM_REPLICAS', 'three'],
      ['DATABASE_POOL_SIZE', '0'],
      ['DATABASE_POOL_SIZE', '2.5'],
    ])('refuses %s=%s, naming it', (name, value) => {
      expect(() => loadConfig(sizing, { [name]: value })).toThrow(new RegExp(`${name} must be an integer`));
    });
  });

  describe('the budget of a request/reply call', () => {
    it('is RPC_TIMEOUT_MS in all, in attempts of RPC_ATTEMPT_TIMEOUT_MS', () => {
      const config = loadConfig(RpcClientVariables, { RPC_TIMEOUT_MS: '4000', RPC_ATTEMPT_TIMEOUT_MS: '1000' });
      expect(rpcRetryBudget(config)).toEqual({ totalMs: 4000, attemptMs: 1000 });
    });

    it('refuses an attempt longer than the whole call, naming both variables', () => {
      const config = loadConfig(RpcClientVariables, { RPC_TIMEOUT_MS: '1000', RPC_ATTEMPT_TIMEOUT_MS: '2000' });
      expect(() => rpcRetryBudget(config)).toThrow(ConfigError);
      expect(() => rpcRetryBudget(config)).toThrow(/RPC_ATTEMPT_TIMEOUT_MS must be at most RPC_TIMEOUT_MS/);
    });
  });
});
