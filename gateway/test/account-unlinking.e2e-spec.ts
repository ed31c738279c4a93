import { signUpActor } from './support/actor.js';
import { connectClient } from './support/client.js';
import { sleep } from './support/eventually.js';
import { postJson, request, uniqueEmail } from './support/http.js';
import {
  accountsOf,
  githubUser,
  googleOnlyUser,
  linkingStack,
  linkThrough,
  location,
  providersOf,
  type AccountRow,
} from './support/linking-stack.js';

describe('unlink-account through the gateway', () => {
  const linking = linkingStack();

  it('with the published client: linkSocial, listAccounts, unlinkAccount by the account id (1.7)', async () => {
    const { stack, google, db } = linking;
    const client = connectClient(stack.baseUrl, []);
    const email = uniqueEmail('client-link');
    expect((await client.signUp.email({ name: 'C', email, password: 'client-password-1' })).error).toBeNull();
    const token = await google.signIdToken({ sub: `client-${email}`, email, email_verified: true, name: 'C' });
    const linked = await client.linkSocial({ provider: 'google', idToken: { token } });
    expect(linked.data).toMatchObject({ status: true, redirect: false });
    const accounts = (await client.listAccounts()).data!;
    expect(accounts.map((account) => account.providerId).sort()).toEqual(['credential', 'google']);
    const row = accounts.find((account) => account.providerId === 'google')!;

    const unknown = await client.unlinkAccount({ accountId: 'no-such-account' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
    expect((await client.unlinkAccount({ accountId: row.id })).data).toEqual({ status: true });
    expect((await client.listAccounts()).data!.map((account) => account.providerId)).toEqual(['credential']);
    const { rows } = await db.query<{ data: Record<string, unknown>; metadata: { actorId: string } }>(
      `SELECT data, metadata FROM identity.events WHERE type = 'AccountUnlinked' AND data->>'accountId' = $1`,
      [row.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toMatchObject({ providerId: 'google', accountId: row.id });
    expect(rows[0].metadata.actorId).toBe(rows[0].data.userId);
  });

  it("takes the spec's body too: {providerId} and {providerId, accountId: the provider's id}", async () => {
    const ada = await signUpActor(linking.stack, 'unlink-spec');
    const first = githubUser(linking, ada.email, true);
    const second = githubUser(linking, ada.email, true);
    for (const id of [first, second]) {
      expect(location(await linkThrough(linking, ada, 'github', id))).toBe('/account/linked');
    }
    expect(await ada.post('/unlink-account', { providerId: 'github', accountId: String(second) })).toMatchObject({
      status: 200,
      body: { status: true },
    });
    expect((await accountsOf(ada)).map((account) => account.accountId)).toEqual([ada.id, String(first)]);
    expect(await ada.post('/unlink-account', { providerId: 'apple' })).toMatchObject({
      status: 400,
      body: { code: 'ACCOUNT_NOT_FOUND' },
    });
    expect(await ada.post('/unlink-account', { providerId: 'github' })).toMatchObject({ status: 200 });
    expect(await providersOf(ada)).toEqual(['credential']);
  });

  it('protects the last way to sign in, and answers 401 without a session', async () => {
    const { stack } = linking;
    const cookie = await googleOnlyUser(linking, uniqueEmail('only-google'));
    const unlink = (body: unknown, headers: Record<string, string> = { cookie }) =>
      postJson(stack.url('/api/auth/unlink-account'), body, { origin: stack.baseUrl, ...headers });
    expect(await unlink({ providerId: 'google' })).toMatchObject({
      status: 400,
      body: { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: "You can't unlink your last account" },
    });
    expect(await unlink({ providerId: 'google' }, {})).toMatchObject({ status: 401 });
  });

  it('unlinks only with a fresh session (SESSION_FRESH_AGE): 403 SESSION_NOT_FRESH', async () => {
    const { stack } = linking;
    await stack.restart('gateway', { SESSION_FRESH_AGE: '1' });
    try {
      const ada = await signUpActor(stack, 'unlink-stale');
      const own = githubUser(linking, ada.email, true);
      expect(location(await linkThrough(linking, ada, 'github', own))).toBe('/account/linked');
      await sleep(1500);
      expect(await ada.post('/unlink-account', { providerId: 'github' })).toMatchObject({
        status: 403,
        body: { code: 'SESSION_NOT_FRESH' },
      });
      expect(await providersOf(ada)).toEqual(['credential', 'github']);
    } finally {
      await stack.restart('gateway', {});
    }
  });

  it('ALLOW_UNLINKING_ALL=true: the last way to sign in may go', async () => {
    const { stack } = linking;
    await stack.restart('identity', { ALLOW_UNLINKING_ALL: 'true' });
    try {
      const cookie = await googleOnlyUser(linking, uniqueEmail('unlink-all'));
      const answer = await postJson(
        stack.url('/api/auth/unlink-account'),
        { providerId: 'google' },
        { origin: stack.baseUrl, cookie },
      );
      expect(answer).toMatchObject({ status: 200, body: { status: true } });
      const accounts = await request<AccountRow[]>(stack.url('/api/auth/list-accounts'), { headers: { cookie } });
      expect(accounts.body).toEqual([]);
    } finally {
      await stack.restart('identity', {});
    }
  });
});
