import { IdentityRpc } from '@authsvc/contracts';
import { MultiplexedNatsClient, RpcClient } from '@authsvc/platform';
import { eventually } from './support/eventually.js';
import { uniqueEmail } from './support/http.js';
import { differencesAgainst, routesNeverSent } from './support/oracle/differential-checks.js';
import type { Answer, Pair, SideName, WireRequest } from './support/oracle/pair.js';
import type { ReferenceAuth } from './support/oracle/reference-auth.js';
import { startPair } from './support/oracle/start-pair.js';
import type { TestStack } from './support/test-stack.js';
import { ADMIN_SURFACE_DIFFERENCES } from './differential-admin.allowed.js';

const PASSWORD = 'correct-horse-1';
const auth = (path: string) => `/api/auth/${path}`;
type Json = Record<string, unknown>;

describe('the admin surface, against better-auth 1.7 with the admin plugin', () => {
  let pair: Pair;
  let stop: () => Promise<void>;
  let stack: TestStack;
  let reference: ReferenceAuth;
  const ids: Record<SideName, Map<string, string>> = { ours: new Map(), reference: new Map() };
  const emails = new Map<string, string>();
  const marker = `adm${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ pair, stop, stack, reference } = await startPair());
    for (const actor of ['admin', 'user', 'target', 'victim', 'removed', 'impersonated']) await signUp(actor);
    await makeAdmin('admin');
  });

  afterAll(() => stop?.());

  async function signUp(actor: string): Promise<void> {
    const email = uniqueEmail(`${marker}-${actor}`);
    emails.set(actor, email);
    const answers = await pair.send('setup: sign-up', {
      path: auth('sign-up/email'),
      json: { email, password: PASSWORD, name: actor },
      as: actor,
    });
    for (const side of ['ours', 'reference'] as const)
      ids[side].set(actor, (answers[side].json as { user: Json }).user.id as string);
  }

  /** The first admin, made on each side as its server code would: our back end's NATS request, the reference's store. */
  async function makeAdmin(actor: string): Promise<void> {
    const email = emails.get(actor)!;
    reference.setRole(email, 'admin');
    const rpc = new RpcClient(new MultiplexedNatsClient(stack.natsEndpoint('backend')), {
      totalMs: 10_000,
      attemptMs: 10_000,
    });
    await rpc.call(IdentityRpc.setRoleByEmail, { email, role: 'admin', correlationId: `diff-${marker}` });
    await rpc.close();
    await eventually(
      async () => {
        const answer = await pair.send('setup: admin session', { path: auth('get-session'), as: actor });
        return (answer.ours.json as { user: Json }).user.role === 'admin' ? true : undefined;
      },
      { what: 'our admin session to show the role' },
    );
  }

  /** `$actor` in strings becomes that actor's id on each side. */
  function fill(side: SideName, value: unknown): unknown {
    if (typeof value === 'string')
      return value.replace(/\$(\w+)/g, (_, name: string) => ids[side].get(name) ?? `$${name}`);
    if (Array.isArray(value)) return value.map((item) => fill(side, item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(side, item)]));
    }
    return value;
  }

  /** One step: the same request on both sides, ids filled in per side. */
  const step = (
    label: string,
    as: string | undefined,
    path: string,
    json?: unknown,
  ): Promise<Record<SideName, Answer>> =>
    pair.send(
      label,
      (side) => ({ path: fill(side.name, auth(path)) as string, json: fill(side.name, json), as }) as WireRequest,
    );

  it('checks permissions and sets roles', async () => {
    await step('has-permission: a plain user', 'user', 'admin/has-permission', { permissions: { user: ['list'] } });
    await step('has-permission: the admin', 'admin', 'admin/has-permission', {
      permissions: { user: ['list', 'ban'], session: ['revoke'] },
    });
    await step('has-permission: an unknown action', 'admin', 'admin/has-permission', {
      permissions: { user: ['fly'] },
    });
    await step('has-permission: anonymous', undefined, 'admin/has-permission', {
      permissions: { user: ['list'] },
      role: 'admin',
    });
    await step('has-permission: the deprecated permission', 'admin', 'admin/has-permission', {
      permission: { user: ['list'] },
    });
    await step('has-permission: both', 'admin', 'admin/has-permission', {
      permission: { user: ['list'] },
      permissions: { user: ['list'] },
    });
    await step('set-role: by a plain user', 'user', 'admin/set-role', { userId: '$target', role: 'admin' });
    await step('set-role: anonymous', undefined, 'admin/set-role', { userId: '$target', role: 'admin' });
    await step('set-role: admin', 'admin', 'admin/set-role', { userId: '$target', role: 'admin' });
    await step('set-role: several', 'admin', 'admin/set-role', { userId: '$target', role: ['user', 'admin'] });
    await step('set-role: back to user', 'admin', 'admin/set-role', { userId: '$target', role: 'user' });
    await step('set-role: an unknown role', 'admin', 'admin/set-role', { userId: '$target', role: 'superhero' });
    await step('set-role: an unknown user', 'admin', 'admin/set-role', { userId: 'no-such-user', role: 'admin' });
    await step('set-role: without a role', 'admin', 'admin/set-role', { userId: '$target' });
  });

  it('creates, reads, lists and updates users', async () => {
    const created = `${marker}-created@example.com`;
    await step('create-user: by a plain user', 'user', 'admin/create-user', {
      email: created,
      name: 'C',
      password: PASSWORD,
    });
    await step('create-user: with a password', 'admin', 'admin/create-user', {
      email: created,
      name: 'Created',
      password: PASSWORD,
    });
    await step('create-user: a taken email', 'admin', 'admin/create-user', {
      email: created,
      name: 'Again',
      password: PASSWORD,
    });
    await step('create-user: without a password, with a role and data', 'admin', 'admin/create-user', {
      email: `${marker}-nopassword@example.com`,
      name: 'No Password',
      role: 'admin',
      data: { emailVerified: true },
    });
    await step('create-user: a malformed email', 'admin', 'admin/create-user', { email: 'not-an-email', name: 'M' });
    await step('get-user: by a plain user', 'user', 'admin/get-user?id=$target');
    await step('get-user: the admin', 'admin', 'admin/get-user?id=$target');
    await step('get-user: an unknown user', 'admin', 'admin/get-user?id=no-such-user');
    await step('list-users: by a plain user', 'user', 'admin/list-users');
    await step('list-users: searched and sorted', 'admin', `admin/list-users?searchValue=${marker}&sortBy=name`);
    await step('list-users: a page', 'admin', `admin/list-users?searchValue=${marker}&sortBy=name&limit=2&offset=1`);
    await step(
      'list-users: filtered',
      'admin',
      `admin/list-users?searchValue=${marker}&filterField=role&filterValue=admin`,
    );
    await step('list-users: an unknown operator', 'admin', 'admin/list-users?searchOperator=like&searchValue=a');
    await step('update-user: by a plain user', 'user', 'admin/update-user', { userId: '$target', data: { name: 'x' } });
    await step('update-user: a name', 'admin', 'admin/update-user', { userId: '$target', data: { name: 'Renamed' } });
    await step('update-user: nothing', 'admin', 'admin/update-user', { userId: '$target', data: {} });
    await step('update-user: a password', 'admin', 'admin/update-user', { userId: '$target', data: { password: 'x' } });
    await step('update-user: an id', 'admin', 'admin/update-user', { userId: '$target', data: { id: 'x' } });
    await step('set-user-password: by a plain user', 'user', 'admin/set-user-password', {
      userId: '$target',
      newPassword: PASSWORD,
    });
    await step('set-user-password: the admin', 'admin', 'admin/set-user-password', {
      userId: '$target',
      newPassword: 'another-horse-2',
    });
    await step('set-user-password: too short', 'admin', 'admin/set-user-password', {
      userId: '$target',
      newPassword: 'short',
    });
  });

  it('bans, unbans and removes users', async () => {
    const victim = emails.get('victim')!;
    await step('ban-user: by a plain user', 'user', 'admin/ban-user', { userId: '$victim' });
    await step('ban-user: oneself', 'admin', 'admin/ban-user', { userId: '$admin' });
    await step('ban-user: an unknown user', 'admin', 'admin/ban-user', { userId: 'no-such-user' });
    await step('ban-user: the victim', 'admin', 'admin/ban-user', {
      userId: '$victim',
      banReason: 'spam',
      banExpiresIn: 3600,
    });
    await step('get-session: of the banned user', 'victim', 'get-session');
    await step('sign-in/email: a banned user', undefined, 'sign-in/email', { email: victim, password: PASSWORD });
    await step('unban-user: by a plain user', 'user', 'admin/unban-user', { userId: '$victim' });
    await step('unban-user: the victim', 'admin', 'admin/unban-user', { userId: '$victim' });
    await step('sign-in/email: once unbanned', undefined, 'sign-in/email', { email: victim, password: PASSWORD });
    await step('remove-user: by a plain user', 'user', 'admin/remove-user', { userId: '$removed' });
    await step('remove-user: oneself', 'admin', 'admin/remove-user', { userId: '$admin' });
    await step('remove-user: the user', 'admin', 'admin/remove-user', { userId: '$removed' });
    await step('get-session: of the removed user', 'removed', 'get-session');
    await step('remove-user: an unknown user', 'admin', 'admin/remove-user', { userId: 'no-such-user' });
  });

  it("lists and revokes a user's sessions, and impersonates", async () => {
    await step('list-user-sessions: by a plain user', 'user', 'admin/list-user-sessions', { userId: '$impersonated' });
    await step('list-user-sessions: the admin', 'admin', 'admin/list-user-sessions', { userId: '$impersonated' });
    await step('revoke-user-session: by a plain user', 'user', 'admin/revoke-user-session', {
      sessionToken: 'no-such-token',
    });
    await step('revoke-user-session: an unknown token', 'admin', 'admin/revoke-user-session', {
      sessionToken: 'no-such-token',
    });
    await step('impersonate-user: by a plain user', 'user', 'admin/impersonate-user', { userId: '$impersonated' });
    await step('impersonate-user: an unknown user', 'admin', 'admin/impersonate-user', { userId: 'no-such-user' });
    await step('stop-impersonating: not impersonating', 'user', 'admin/stop-impersonating', {});
    await step('impersonate-user: the admin', 'admin', 'admin/impersonate-user', { userId: '$impersonated' });
    await step('get-session: while impersonating', 'admin', 'get-session');
    await step('stop-impersonating: the admin', 'admin', 'admin/stop-impersonating', {});
    await step('get-session: the admin again', 'admin', 'get-session');
    await step('revoke-user-sessions: by a plain user', 'user', 'admin/revoke-user-sessions', {
      userId: '$impersonated',
    });
    await step('revoke-user-sessions: the admin', 'admin', 'admin/revoke-user-sessions', { userId: '$impersonated' });
    await step('get-session: of the revoked user', 'impersonated', 'get-session');
  });

  it('has sent requests to every route the admin controllers declare', () => {
    const { declared, missed } = routesNeverSent(pair, 'admin');
    expect(declared).toBeGreaterThan(9);
    expect(missed).toEqual([]);
  });

  it('differs from better-auth 1.7 only where the allow-list says, and every listed difference still exists', () => {
    expect(differencesAgainst(pair.differences, ADMIN_SURFACE_DIFFERENCES)).toEqual({ unexpected: [], vanished: [] });
  });
});
