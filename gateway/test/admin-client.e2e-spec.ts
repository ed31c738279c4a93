import { adminClient } from 'better-auth/client/plugins';
import { connectClient } from './support/client.js';
import { grantAdmins } from './support/admin-stack.js';
import { uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const PASSWORD = 'client-password-1';

/** The published client with adminClient, unchanged. */
const connect = (baseURL: string) => connectClient(baseURL, [adminClient()]);

type Client = ReturnType<typeof connect>;

describe('the published better-auth client with adminClient against the gateway', () => {
  let stack: TestStack;
  let admin: Client;
  let adminId: string;

  async function signedUp(name: string): Promise<{ client: Client; email: string; id: string }> {
    const client = connect(stack.baseUrl);
    const email = uniqueEmail(`admin-client-${name}`);
    const { data, error } = await client.signUp.email({ name, email, password: PASSWORD });
    expect(error).toBeNull();
    return { client, email, id: data!.user.id };
  }

  beforeAll(async () => {
    stack = await TestStack.start();
    const signedUpAdmin = connect(stack.baseUrl);
    const { data } = await signedUpAdmin.signUp.email({
      name: 'Admin',
      email: uniqueEmail('admin-client-admin'),
      password: PASSWORD,
    });
    adminId = data!.user.id;
    await grantAdmins(stack, { ADMIN_USER_IDS: adminId });
    admin = signedUpAdmin;
  });

  afterAll(() => stack?.stop());

  it('checks permissions, sets roles, creates, lists, reads and updates users', async () => {
    const plain = await signedUp('plain');
    expect((await plain.client.admin.hasPermission({ permissions: { user: ['list'] } })).data).toEqual({
      error: null,
      success: false,
    });
    expect((await admin.admin.hasPermission({ permissions: { user: ['list'] } })).data).toMatchObject({
      success: true,
    });
    // The client's local check of a role, and the server agreeing for the user role.
    expect(admin.admin.checkRolePermission({ role: 'admin', permissions: { user: ['ban'] } })).toBe(true);

    const refused = await plain.client.admin.listUsers({ query: {} });
    expect(refused.error).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS' });

    const role = await admin.admin.setRole({ userId: plain.id, role: 'admin' });
    expect(role).toMatchObject({ error: null, data: { user: { id: plain.id, role: 'admin' } } });

    const email = uniqueEmail('admin-client-created');
    const created = await admin.admin.createUser({ email, name: 'Created', password: PASSWORD, role: 'user' });
    expect(created).toMatchObject({ error: null, data: { user: { email, role: 'user' } } });
    const createdId = created.data!.user.id;

    const listed = await admin.admin.listUsers({ query: { searchValue: email, limit: 10 } });
    expect(listed.error).toBeNull();
    expect(listed.data).toMatchObject({ total: 1, limit: 10, users: [{ id: createdId }] });

    const got = await admin.admin.getUser({ query: { id: createdId } });
    expect(got).toMatchObject({ error: null, data: { id: createdId, email } });

    const updated = await admin.admin.updateUser({ userId: createdId, data: { name: 'Renamed' } });
    expect(updated).toMatchObject({ error: null, data: { id: createdId, name: 'Renamed' } });

    const password = await admin.admin.setUserPassword({ userId: createdId, newPassword: 'new-client-password-2' });
    expect(password).toMatchObject({ error: null, data: { status: true } });
    const signIn = await connect(stack.baseUrl).signIn.email({ email, password: 'new-client-password-2' });
    expect(signIn.error).toBeNull();
  });

  it('bans and unbans a user, whose session ends and who cannot sign in meanwhile, and removes users', async () => {
    const victim = await signedUp('victim');
    const banned = await admin.admin.banUser({ userId: victim.id, banReason: 'spam' });
    expect(banned).toMatchObject({ error: null, data: { user: { banned: true, banReason: 'spam' } } });
    expect((await victim.client.getSession()).data).toBeNull();
    const refused = await victim.client.signIn.email({ email: victim.email, password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 403, code: 'BANNED_USER' });
    expect((await admin.admin.banUser({ userId: adminId })).error).toMatchObject({ code: 'YOU_CANNOT_BAN_YOURSELF' });

    const unbanned = await admin.admin.unbanUser({ userId: victim.id });
    expect(unbanned).toMatchObject({ error: null, data: { user: { banned: false } } });
    expect((await victim.client.signIn.email({ email: victim.email, password: PASSWORD })).error).toBeNull();

    const removed = await admin.admin.removeUser({ userId: victim.id });
    expect(removed).toMatchObject({ error: null, data: { success: true } });
    expect((await victim.client.getSession()).data).toBeNull();
  });

  it("lists and revokes a user's sessions, and impersonates a user until the admin stops", async () => {
    const target = await signedUp('impersonated');
    const sessions = await admin.admin.listUserSessions({ userId: target.id });
    expect(sessions.error).toBeNull();
    expect(sessions.data!.sessions).toHaveLength(1);

    const impersonating = await admin.admin.impersonateUser({ userId: target.id });
    expect(impersonating.error).toBeNull();
    expect((await admin.getSession()).data).toMatchObject({
      user: { id: target.id },
      session: { impersonatedBy: adminId },
    });
    expect((await admin.admin.stopImpersonating()).error).toBeNull();
    expect((await admin.getSession()).data).toMatchObject({ user: { id: adminId }, session: { impersonatedBy: null } });

    const revoked = await admin.admin.revokeUserSessions({ userId: target.id });
    expect(revoked).toMatchObject({ error: null, data: { success: true } });
    expect((await target.client.getSession()).data).toBeNull();
  });
});
