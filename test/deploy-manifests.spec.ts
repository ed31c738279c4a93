import { parse } from 'yaml';
import { nkeys } from '@nats-io/transport-node';
import { DatabaseVariables, DEV_NATS_NKEY_SEEDS, natsVariables, RedisVariables } from '@authsvc/config';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsPublicKeyVariable } from '@authsvc/platform';
import { APPS } from '../scripts/deployment-env.mjs';
import {
  SECRET_KEYS,
  variablesReadBy,
  type Yaml,
  read,
  sorted,
  readmeVariables,
  variablesOf,
  documentedVariablesOf,
  composeDefault,
} from './support/deployment-files.js';

/**
 * Keeps the deployment files (Dockerfile, docker-compose.yml, k8s/) in step with the environment variable
 * table of docs/configuration.md: every app receives exactly the variables it reads, and every app is deployable and probed.
 */
describe('deployment manifests', () => {
  const allVariables = sorted(readmeVariables().keys());

  it('reads the variables from the configuration table', () => {
    expect(allVariables.length).toBeGreaterThan(0);
    expect(allVariables).toEqual(expect.arrayContaining(SECRET_KEYS));
  });

  it.each(APPS)("lists in the configuration table exactly the variables %s's config reads", (app) => {
    expect({ app, variables: variablesReadBy(app) }).toEqual({ app, variables: documentedVariablesOf(app) });
  });

  it('builds one image per app from the Dockerfile', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG APP\b/m);
    expect(dockerfile).toMatch(/^USER node\b/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000\b/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health\/ready/m);
  });

  it('builds every stage on a Node 24 base pinned by digest', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[\w.-]*@sha256:[0-9a-f]{64}$/m);
    const bases = dockerfile.split('\n').filter((line) => line.startsWith('FROM '));
    for (const base of bases) expect(base).toMatch(/^FROM (\$\{NODE_IMAGE\}|build) AS [\w-]+$/);
  });

  it("installs in an image only its app's production dependencies", () => {
    expect(read('Dockerfile')).toMatch(
      /npm ci --omit=dev [^|]*-w "\$workspace" \|\| npm install --omit=dev [^|]*-w "\$workspace"/,
    );
  });

  it('installs as .ci/run does: with .npmrc, and npm install when npm ci refuses the lock', () => {
    const dockerfile = read('Dockerfile');
    expect(read('.ci/run')).toMatch(/npm ci .*&& return 0[\s\S]*npm install/);
    expect(dockerfile).toMatch(/cp \.npmrc \/manifests\//);
    const installs = dockerfile.split('\n').filter((line) => /^RUN\b.*\bnpm ci\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toMatch(/npm ci( [^|]*)? \|\| npm install\b/);
  });

  describe('docker-compose.yml', () => {
    const services: Record<string, Yaml> = parse(read('docker-compose.yml')).services ?? {};

    const commandOf = (service: string) => [services[service].command ?? []].flat().join(' ');
    /** The host address and port a service publishes for `containerPort`, if any. */
    const published = (service: string, containerPort: string) =>
      (services[service].ports ?? []).map(String).find((port: string) => port.endsWith(`:${containerPort}`));
    const portOf = (url: URL) => url.port;

    it('runs every app and its infrastructure, NATS with JetStream, and a mail catcher', () => {
      expect(sorted(Object.keys(services))).toEqual(
        sorted([...APPS, 'postgres', 'redis', 'nats', 'nats-authorized', 'mailpit']),
      );
      for (const nats of ['nats', 'nats-authorized']) {
        expect({ nats, command: commandOf(nats) }).toEqual({
          nats,
          command: expect.stringMatching(/(^|\s)(-js|--jetstream)(\s|$)/),
        });
      }
    });

    it('names a version of every image, never :latest', () => {
      for (const [name, service] of Object.entries(services)) {
        if (service.build) continue;
        expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(/^[\w./-]+:[\w.-]+$/) });
        expect({ name, image: service.image }).not.toEqual({ name, image: expect.stringMatching(/:latest$/) });
      }
    });

    it('publishes PostgreSQL, Redis and an open NATS on 127.0.0.1 at the ports of the default URLs', () => {
      const defaults = {
        postgres: new URL(DatabaseVariables.DATABASE_URL.defaultValue!),
        redis: new URL(RedisVariables.REDIS_URL.defaultValue!),
        nats: new URL(natsVariables('gateway').NATS_URL.defaultValue!),
      };
      for (const [service, url] of Object.entries(defaults)) {
        expect({ service, url: url.hostname }).toEqual({ service, url: '127.0.0.1' });
        expect({ service, published: published(service, portOf(url)) }).toEqual({
          service,
          published: `127.0.0.1:${portOf(url)}:${portOf(url)}`,
        });
      }
      // npm test's own clients connect without a credential: the development NATS enforces no authorization.
      expect(commandOf('nats')).not.toMatch(/(^|\s)(-c|--config)\s/);
    });

    it('lets the default DATABASE_URL (no password) into its PostgreSQL', () => {
      const url = new URL(DatabaseVariables.DATABASE_URL.defaultValue!);
      const environment = services.postgres.environment;
      expect({ user: url.username, password: url.password, database: url.pathname.slice(1) }).toEqual({
        user: environment.POSTGRES_USER,
        password: '',
        database: environment.POSTGRES_DB,
      });
      expect(composeDefault(environment.POSTGRES_HOST_AUTH_METHOD)).toBe('trust');
      for (const app of APPS.filter((name) => services[name].environment.DATABASE_URL)) {
        const appUrl = new URL(composeDefault(services[app].environment.DATABASE_URL));
        expect({ app, user: appUrl.username, database: appUrl.pathname, host: appUrl.host }).toEqual({
          app,
          user: environment.POSTGRES_USER,
          database: `/${environment.POSTGRES_DB}`,
          host: 'postgres:5432',
        });
      }
    });

    it('runs the stack NATS with the generated authorization, each public key from the environment', () => {
      const config = /(?:^|\s)-c\s+(\S+)/.exec(commandOf('nats-authorized'))?.[1];
      expect(services['nats-authorized'].volumes).toContain(`./nats/nats-server.conf:${config}:ro`);
      const users = NATS_ACCESS.map(({ user }) => natsPublicKeyVariable(user));
      expect(sorted(Object.keys(services['nats-authorized'].environment ?? {}))).toEqual(sorted(users));
      for (const app of APPS) {
        expect({ app, dependsOn: Object.keys(services[app].depends_on) }).toEqual({
          app,
          dependsOn: expect.arrayContaining(['nats-authorized']),
        });
        expect({ app, dependsOn: Object.keys(services[app].depends_on) }).not.toEqual({
          app,
          dependsOn: expect.arrayContaining(['nats']),
        });
      }
      expect(services.nats.profiles).toEqual(['dev']);
    });

    it("defaults the stack NATS's keys to the development ones, which the apps refuse in production", () => {
      for (const { user } of NATS_ACCESS) {
        const developmentKey = nkeys.fromSeed(new TextEncoder().encode(DEV_NATS_NKEY_SEEDS[user])).getPublicKey();
        const key = services['nats-authorized'].environment[natsPublicKeyVariable(user)];
        expect({ user, key: composeDefault(key) }).toEqual({ user, key: developmentKey });
      }
    });

    it.each(APPS)('gives %s only its own NATS credential', (app) => {
      expect({ app, seed: services[app].environment?.NATS_NKEY_SEED }).toEqual({
        app,
        seed: `\${${natsPublicKeyVariable(app)}_SEED:-}`,
      });
    });

    it('hands the mailer an SMTP server of the stack by default (production refuses to run without one)', () => {
      const smtp = new URL(composeDefault(services.mailer.environment.SMTP_URL));
      expect(composeDefault(services.mailer.environment.NODE_ENV)).toBe('production');
      expect(Object.keys(services)).toContain(smtp.hostname);
    });

    it.each(APPS)('gives %s its image and exactly the variables it uses', (app) => {
      const environment = services[app].environment ?? {};
      const keys = Array.isArray(environment)
        ? environment.map((entry: string) => entry.split('=')[0])
        : Object.keys(environment);
      expect({ app, buildArg: services[app].build?.args?.APP }).toEqual({ app, buildArg: app });
      expect({ app, environment: sorted(keys) }).toEqual({ app, environment: variablesOf(app) });
    });
  });
});
