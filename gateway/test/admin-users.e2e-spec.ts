import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { ACTOR_PASSWORD, signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import type { TestStack } from './support/test-stack.js';

interface User {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
}

interface Page {
  users: User[];
  total: number;
  limit?: number;
  offset?: number;
}

const NEW_PASSWORD = 'another-horse-battery-2';

describe('admin user management', () => {
  let admin: AdminStack;
  let stack: TestStack;
  let db: pg.Client;
  /** Granted everything by ADMIN_USER_IDS. */
  let root: Actor;
  let plain: Actor;

  beforeAll(async () => {
    admin = await startAdminStack();
    ({ stack, root, db } = admin);
    plain = await signUpActor(stack, 'plain');
  });

  afterAll(() => admin?.stop());

  const signIn = (email: string, password: string) =>
    postJson<{ user: User }>(
      stack.url('/api/auth/sign-in/email'),
      { email, password },
      {
        'x-forwarded-for': randomClientIp(),
      },
    );

  const actorOfEvent = async (userId: string, type: string) => {
    const { rows } = await db.query(`SELECT metadata FROM identity.events WHERE stream_id = $1 AND type = $2`, [
      `user-${userId}`,
      type,
    ]);
    return rows.map((row) => row.metadata.actorId);
  };

  it('refuses every endpoint to a caller without the right, with the reference 403s', async () => {
    const refusals: [string, 'get' | 'post', object, string][] = [
      [
        '/admin/create-user',
        'post',
        { email: uniqueEmail('x'), name: 'X', password: NEW_PASSWORD },
        'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
      ],
      ['/admin/get-user', 'get', { id: root.id }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER'],
      ['/admin/list-users', 'get', {}, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS'],
      ['/admin/update-user', 'post', { userId: root.id, data: { name: 'x' } }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS'],
      [
        '/admin/set-user-password',
        'post',
        { userId: root.id, newPassword: NEW_PASSWORD },
        'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
      ],
      ['/admin/remove-user', 'post', { userId: root.id }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS'],
    ];
    for (const [path, method, body, code] of refusals) {
      const answer =
        method === 'get' ? await plain.get(path, body as Record<string, string>) : await plain.post(path, body);
      expect({ path, status: answer.status, code: (answer.body as { code?: string }).code }).toEqual({
        path,
        status: 403,
        code,
      });
    }
    const anonymous = await request(stack.url('/api/auth/admin/list-users'), {
      headers: { 'x-forwarded-for': randomClientIp() },
    });
    expect(anonymous.status).toBe(401);
  });

  it('creates users: with a password they sign in, without one they have no password; roles and data apply', async () => {
    const email = uniqueEmail('Created');
    const created = await root.post<{ user: User }>('/admin/create-user', {
      email,
      name: 'Created',
      password: NEW_PASSWORD,
    });
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({
      email: email.toLowerCase(),
      name: 'Created',
      role: 'user',
      emailVerified: false,
    });
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect(await actorOfEvent(created.body.user.id, 'UserRegistered')).toEqual([root.id]);

    const withRole = await root.post<{ user: User }>('/admin/create-user', {
      email: uniqueEmail('no-password'),
      name: 'No Password',
      role: ['admin'],
      data: { emailVerified: true },
    });
    expect(withRole.body.user).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await signIn(withRole.body.user.email, NEW_PASSWORD)).status).toBe(401);

    const taken = await root.post('/admin/create-user', {
      email: email.toUpperCase(),
      name: 'Again',
      password: NEW_PASSWORD,
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
    const unknownRole = await root.post('/admin/create-user', {
      email: uniqueEmail('r'),
      name: 'R',
      role: 'superhero',
    });
    expect(unknownRole.status).toBe(400);
    const malformed = await root.post('/admin/create-user', { email: 'not-an-email', name: 'M' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL', message: 'Invalid email' } });
  });

  it('gets a user by id, and answers 404 for an unknown one', async () => {
    const found = await root.get<User>('/admin/get-user', { id: plain.id });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: plain.id, email: plain.email, role: 'user' });
    const missing = await root.get('/admin/get-user', { id: 'no-such-user' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('lists users: search, filter, sort, paging and the total of all that match', async () => {
    const marker = `lst${Date.now().toString(36)}`;
    for (const name of ['Carol', 'Alice', 'Bob']) {
      await root.post('/admin/create-user', {
        email: `${marker}-${name.toLowerCase()}@example.com`,
        name,
        password: NEW_PASSWORD,
      });
    }
    await root.post('/admin/create-user', { email: `${marker}-dan@example.com`, name: 'Dan', role: 'admin' });
    const all = await root.get<Page>('/admin/list-users', { searchValue: marker, sortBy: 'name' });
    expect(all.body.users.map((user) => user.name)).toEqual(['Alice', 'Bob', 'Carol', 'Dan']);
    expect(all.body).toMatchObject({ total: 4 });
    expect(all.body).not.toHaveProperty('limit');

    const page = await root.get<Page>('/admin/list-users', {
      searchValue: marker,
      sortBy: 'name',
      sortDirection: 'desc',
      limit: 2,
      offset: 1,
    });
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.users.map((user) => user.name)).toEqual(['Carol', 'Bob']);

    const admins = await root.get<Page>('/admin/list-users', {
      searchValue: marker,
      filterField: 'role',
      filterValue: 'admin',
    });
    expect(admins.body.users.map((user) => user.name)).toEqual(['Dan']);
    expect(admins.body.total).toBe(1);

    const byName = await root.get<Page>('/admin/list-users', {
      searchField: 'name',
      searchOperator: 'starts_with',
      searchValue: 'Car',
      filterField: 'email',
      filterOperator: 'contains',
      filterValue: marker,
    });
    expect(byName.body.users.map((user) => user.name)).toEqual(['Carol']);

    const past = await root.get<Page>('/admin/list-users', { searchValue: marker, offset: 10 });
    expect(past.body).toMatchObject({ users: [], total: 4 });
    const bad = await root.get('/admin/list-users', { sortBy: 'password' });
    expect(bad.status).toBe(400);
  });

  it('updates profile fields and roles, and refuses what update-user may not change', async () => {
    const target = await signUpActor(stack, 'updated');
    const updated = await root.post<User>('/admin/update-user', {
      userId: target.id,
      data: { name: 'Renamed', role: 'admin' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: target.id, name: 'Renamed', role: 'admin' });
    await eventually(
      async () => ((await target.get<{ user: User }>('/get-session')).body.user.name === 'Renamed' ? true : undefined),
      { what: 'the session to show the new name' },
    );
    expect(await actorOfEvent(target.id, 'UserUpdated')).toEqual([root.id]);
    for (const [data, code] of [
      [{}, 'NO_DATA_TO_UPDATE'],
      [{ password: 'x' }, 'PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER'],
      [{ id: 'other' }, 'USER_ID_CANNOT_BE_UPDATED'],
    ] as const) {
      const refused = await root.post('/admin/update-user', { userId: target.id, data });
      expect({ status: refused.status, code: (refused.body as { code: string }).code }).toEqual({ status: 400, code });
    }
    expect((await root.post('/admin/update-user', { userId: 'no-such-user', data: { name: 'x' } })).status).toBe(404);
  });

  it('sets a password: the new one signs in, the old one no longer; the sessions stay', async () => {
    const target = await signUpActor(stack, 'password');
    const set = await root.post('/admin/set-user-password', { userId: target.id, newPassword: NEW_PASSWORD });
    expect(set).toMatchObject({ status: 200, body: { status: true } });
    expect((await signIn(target.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(target.email, ACTOR_PASSWORD)).status).toBe(401);
    expect((await target.get('/get-session')).body).not.toBeNull();
    const short = await root.post('/admin/set-user-password', { userId: target.id, newPassword: 'short' });
    expect(short.status).toBe(400);
  });

  it("refuses to set another admin's password unless admins may act as other admins", async () => {
    const other = await signUpActor(stack, 'other-admin');
    expect((await root.post('/admin/set-role', { userId: other.id, role: 'admin' })).status).toBe(200);
    const refused = await root.post('/admin/set-user-password', { userId: other.id, newPassword: NEW_PASSWORD });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'YOU_CANNOT_SET_ADMINS_PASSWORD', message: 'You cannot set admins password' },
    });
    expect((await signIn(other.email, ACTOR_PASSWORD)).status).toBe(200);
    expect((await root.post('/admin/set-user-password', { userId: root.id, newPassword: NEW_PASSWORD })).status).toBe(
      200,
    );

    await stack.restart('gateway', { ...admin.gatewayEnv, ALLOW_IMPERSONATING_ADMINS: 'true' });
    const allowed = await root.post('/admin/set-user-password', { userId: other.id, newPassword: NEW_PASSWORD });
    expect(allowed).toMatchObject({ status: 200, body: { status: true } });
    expect((await signIn(other.email, NEW_PASSWORD)).status).toBe(200);
    await stack.restart('gateway', admin.gatewayEnv);
  });

  it('removes a user with their sessions, but never the admin themself', async () => {
    const target = await signUpActor(stack, 'removed');
    const self = await root.post('/admin/remove-user', { userId: root.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'YOU_CANNOT_REMOVE_YOURSELF' });
    const removed = await root.post('/admin/remove-user', { userId: target.id });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect((await target.get('/get-session')).body).toBeNull();
    expect((await signIn(target.email, ACTOR_PASSWORD)).status).toBe(401);
    expect((await root.get('/admin/get-user', { id: target.id })).status).toBe(404);
    expect(await actorOfEvent(target.id, 'UserDeleted')).toEqual([root.id]);
  });

  it('the admin CLI grants and revokes the admin role by email, with the back end credential', async () => {
    const target = await signUpActor(stack, 'cli');
    const run = (action: string) =>
      promisify(execFile)(process.execPath, ['scripts/admin.mjs', action, target.email.toUpperCase()], {
        env: { ...process.env, NATS_URL: stack.natsUrl, NATS_NKEY_SEED: stack.natsSeed('backend'), NODE_ENV: 'test' },
      });
    expect((await run('grant')).stdout).toContain('role admin');
    await eventually(
      async () => {
        const check = await target.post<{ success: boolean }>('/admin/has-permission', {
          permissions: { user: ['list'] },
        });
        return check.body.success ? true : undefined;
      },
      { what: 'the granted role' },
    );
    expect((await run('revoke')).stdout).toContain('role user');
    await expect(
      promisify(execFile)(process.execPath, ['scripts/admin.mjs', 'grant', 'nobody-here@example.com'], {
        env: { ...process.env, NATS_URL: stack.natsUrl, NATS_NKEY_SEED: stack.natsSeed('backend'), NODE_ENV: 'test' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('User not found') });
  });
});
