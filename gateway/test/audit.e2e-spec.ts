import { auditedTypes, IdentityAudit, OrganizationAudit, SessionAudit, type AuditCatalog } from '@authsvc/contracts';
import type { AuditEntry as Entry, AuditPage as Page } from '@authsvc/contracts';
import { auditStatement, type StoreAuditFilter } from '@authsvc/platform';
import { impersonate, signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import { allAuditPages as allPages } from './support/audit-log.js';
import { eventually } from './support/eventually.js';
import { postJson, randomClientIp, uniqueEmail } from './support/http.js';
import type { TestStack } from './support/test-stack.js';

/** Failures of an account from all clients that lock it (ACCOUNT_THROTTLE_GLOBAL_THRESHOLD, low here). */
const ACCOUNT_LOCKING_FAILURES = 3;

/** What must never be in an entry: the addresses, password and session cookies of the suite's users. */
const SECRET_SHAPES = [/@example\.com/i, /correct-horse/, /session_token/, /\$2[aby]\$/];

describe('audit log', () => {
  let admin: AdminStack;
  let stack: TestStack;
  let root: Actor;
  let victim: Actor;
  let ownerA: Actor;
  let adminA: Actor;
  let memberA: Actor;
  let ownerB: Actor;
  let organizationA: string;
  let organizationB: string;
  const secrets: string[] = [];

  const expectNoSecret = (entries: Entry[]) => {
    const text = JSON.stringify(entries);
    for (const shape of SECRET_SHAPES) expect(text).not.toMatch(shape);
    for (const secret of secrets) expect(text).not.toContain(secret);
  };

  beforeAll(async () => {
    // A lock long enough that the guesses after it meet it however slow the machine.
    admin = await startAdminStack({
      ACCOUNT_THROTTLE_GLOBAL_THRESHOLD: String(ACCOUNT_LOCKING_FAILURES),
      ACCOUNT_THROTTLE_BASE_DELAY: '60',
    });
    ({ stack, root } = admin);
    [victim, ownerA, adminA, memberA, ownerB] = await Promise.all(
      ['victim', 'owner-a', 'admin-a', 'member-a', 'owner-b'].map((label) => signUpActor(stack, label)),
    );
    for (const actor of [root, victim, ownerA, adminA, memberA, ownerB]) {
      secrets.push(actor.email, decodeURIComponent(/session_token=([^;]+)/.exec(actor.cookie)![1]!).split('.')[0]!);
    }

    // The admin's facts about the victim: a role change, an impersonation, a ban (which ends their sessions).
    expect((await root.post('/admin/set-role', { userId: victim.id, role: 'admin' })).status).toBe(200);
    expect((await root.post('/admin/set-role', { userId: victim.id, role: 'user' })).status).toBe(200);
    await impersonate(root, victim.id);
    expect((await root.post('/admin/ban-user', { userId: victim.id, banReason: 'spam' })).status).toBe(200);
    expect((await root.post('/admin/unban-user', { userId: victim.id })).status).toBe(200);

    // Organization A: an admin and a member joined by invitation, a role changed, an invitation canceled.
    const created = await ownerA.post<{ id: string }>('/organization/create', { name: 'A', slug: uniqueSlug('audit') });
    organizationA = created.body.id;
    for (const [actor, role] of [
      [adminA, 'admin'],
      [memberA, 'member'],
    ] as const) {
      const invitation = await ownerA.post<{ id: string }>('/organization/invite-member', {
        organizationId: organizationA,
        email: actor.email,
        role,
      });
      expect(invitation.status).toBe(200);
      expect((await actor.post('/organization/accept-invitation', { invitationId: invitation.body.id })).status).toBe(
        200,
      );
    }
    const memberId = (await memberA.get<{ id: string }>('/organization/get-active-member')).body.id;
    const promote = { organizationId: organizationA, memberId, role: 'admin' };
    expect((await ownerA.post('/organization/update-member-role', promote)).status).toBe(200);
    expect((await ownerA.post('/organization/update-member-role', { ...promote, role: 'member' })).status).toBe(200);
    const withdrawn = uniqueEmail('withdrawn');
    secrets.push(withdrawn);
    const canceled = await ownerA.post<{ id: string }>('/organization/invite-member', {
      organizationId: organizationA,
      email: withdrawn,
      role: 'member',
    });
    expect((await ownerA.post('/organization/cancel-invitation', { invitationId: canceled.body.id })).status).toBe(200);

    const createdB = await ownerB.post<{ id: string }>('/organization/create', {
      name: 'B',
      slug: uniqueSlug('audit'),
    });
    organizationB = createdB.body.id;
  });

  afterAll(() => admin?.stop());

  it('shows an admin the role changes, impersonation, ban, ended sessions and unban of a user, by whom', async () => {
    const entries = await allPages(root, '/admin/audit', { subjectId: victim.id, actorId: root.id });
    const byType = (type: string) => entries.filter((entry) => entry.type === type);
    expect(byType('UserRoleChanged').map((entry) => entry.data.role)).toEqual(['user', 'admin']);
    expect(byType('UserBanned')).toEqual([
      expect.objectContaining({
        actorId: root.id,
        subject: { type: 'user', id: victim.id },
        data: { banReason: 'spam', banExpires: null },
      }),
    ]);
    expect(byType('UserUnbanned')).toHaveLength(1);
    const impersonation = byType('SessionCreated');
    expect(impersonation).toEqual([
      expect.objectContaining({ actorId: root.id, data: expect.objectContaining({ impersonatedBy: root.id }) }),
    ]);
    // The ban ended the victim's own session and the impersonation, both recorded as the admin's doing.
    expect(byType('SessionRevoked').length).toBeGreaterThanOrEqual(2);
    for (const entry of byType('SessionRevoked')) expect(entry.data.reason).toBe('revoked');
    // Newest first: the unban after the ban, the ban after the role changes.
    const order = entries.map((entry) => entry.type);
    expect(order.indexOf('UserUnbanned')).toBeLessThan(order.indexOf('UserBanned'));
    expect(order.indexOf('UserBanned')).toBeLessThan(order.lastIndexOf('UserRoleChanged'));
    expectNoSecret(entries);
  });

  it("shows the user's own sign-up and sign-in under their subject", async () => {
    const entries = await allPages(root, '/admin/audit', {
      subjectId: victim.id,
      type: 'UserRegistered,SessionCreated',
    });
    expect(entries.filter(({ type }) => type === 'UserRegistered')).toEqual([
      expect.objectContaining({ actorId: victim.id, subject: { type: 'user', id: victim.id } }),
    ]);
    expect(entries.some(({ type, actorId }) => type === 'SessionCreated' && actorId === victim.id)).toBe(true);
  });

  it('records a run of wrong passwords as one failure and the lock it set, for admins alone, without the password', async () => {
    const guessed = await signUpActor(stack, 'guessed');
    const wrong = 'guess-one-two-three';
    secrets.push(guessed.email, wrong);
    // Each guess from a client of its own, as a spray would come: the account-wide lock refuses the last two.
    const guess = { email: guessed.email, password: wrong };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ACCOUNT_LOCKING_FAILURES + 2; attempt++) {
      const client = { 'x-forwarded-for': randomClientIp() };
      statuses.push((await postJson(stack.url('/api/auth/sign-in/email'), guess, client)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const query = { subjectId: guessed.id, type: 'SignInFailed,AccountLocked' };
    // Recorded beside the answers, not before them: awaited, then held to exactly these two.
    const entries = await eventually(async () => {
      const found = await allPages(root, '/admin/audit', query);
      return found.length >= 2 ? found : undefined;
    });
    expect(entries).toEqual([
      expect.objectContaining({ type: 'AccountLocked', actorId: null, subject: { type: 'user', id: guessed.id } }),
      expect.objectContaining({ type: 'SignInFailed', actorId: null, subject: { type: 'user', id: guessed.id } }),
    ]);
    expect(entries[1]!.data).toEqual({ reason: 'invalid_password', unrecordedFailures: 0 });
    expect(entries[0]!.data).toEqual({ failures: ACCOUNT_LOCKING_FAILURES, lockedUntil: expect.any(String) });
    expect(Date.parse(entries[0]!.data.lockedUntil as string)).toBeGreaterThan(Date.parse(entries[0]!.occurredAt));
    expectNoSecret(entries);
    expect(await guessed.get('/admin/audit', query)).toMatchObject({ status: 403 });
  });

  it('filters by type, actor and time', async () => {
    const bans = await root.get<Page>('/admin/audit', { type: 'UserBanned', actorId: root.id });
    expect(bans.body.entries.length).toBeGreaterThanOrEqual(1);
    for (const entry of bans.body.entries) expect(entry).toMatchObject({ type: 'UserBanned', actorId: root.id });

    const all = await allPages(root, '/admin/audit', { subjectId: victim.id });
    const middle = all[Math.floor(all.length / 2)]!;
    const since = await allPages(root, '/admin/audit', { subjectId: victim.id, from: middle.occurredAt });
    const before = await allPages(root, '/admin/audit', { subjectId: victim.id, to: middle.occurredAt });
    for (const entry of since)
      expect(Date.parse(entry.occurredAt)).toBeGreaterThanOrEqual(Date.parse(middle.occurredAt));
    for (const entry of before) expect(Date.parse(entry.occurredAt)).toBeLessThan(Date.parse(middle.occurredAt));
    expect(since.length + before.length).toBe(all.length);

    const none = await root.get<Page>('/admin/audit', { type: 'NoSuchEvent' });
    expect(none.body).toEqual({ entries: [], nextCursor: null });
  });

  it('pages over the identity and session stores without skipping or repeating an entry', async () => {
    const whole = await root.get<Page>('/admin/audit', { subjectId: victim.id, limit: '200' });
    expect(new Set(whole.body.entries.map(({ type }) => type))).toEqual(
      new Set([
        'UserRegistered',
        'CredentialAccountCreated',
        'SessionCreated',
        'UserRoleChanged',
        'UserBanned',
        'SessionRevoked',
        'UserUnbanned',
        'VerificationEmailRequested',
      ]),
    );
    expectNoSecret(whole.body.entries);
    const paged = await allPages(root, '/admin/audit', { subjectId: victim.id, limit: '2' });
    expect(paged.map(({ id }) => id)).toEqual(whole.body.entries.map(({ id }) => id));
  });

  it('refuses a bad cursor, a bad date and a caller who is no admin, with catalogue errors', async () => {
    const cursor = await root.get('/admin/audit', { cursor: 'not-a-cursor' });
    expect(cursor).toMatchObject({ status: 400, body: { code: 'INVALID_CURSOR', message: 'Invalid cursor' } });
    const date = await root.get('/admin/audit', { from: 'yesterday' });
    expect(date).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    const plain = await ownerB.get('/admin/audit');
    expect(plain).toMatchObject({
      status: 403,
      body: { code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', message: 'You are not allowed to read the audit log' },
    });
  });

  it("shows an organization's owners and admins its membership and invitation changes", async () => {
    for (const reader of [ownerA, adminA]) {
      const entries = await allPages(reader, '/organization/audit', { organizationId: organizationA });
      const types = entries.map(({ type }) => type);
      for (const type of [
        'OrganizationCreated',
        'MemberAdded',
        'InvitationCreated',
        'InvitationAccepted',
        'MemberRoleChanged',
        'InvitationCanceled',
      ]) {
        expect(types).toContain(type);
      }
      for (const entry of entries) expect(entry.organizationId).toBe(organizationA);
      const roleChanges = entries.filter(({ type }) => type === 'MemberRoleChanged');
      expect(roleChanges.map(({ actorId, subject, data }) => ({ actorId, subject, role: data.role }))).toEqual([
        { actorId: ownerA.id, subject: { type: 'user', id: memberA.id }, role: 'member' },
        { actorId: ownerA.id, subject: { type: 'user', id: memberA.id }, role: 'admin' },
      ]);
      expectNoSecret(entries);
    }
    // The session's active organization is the default.
    const active = await ownerA.get<Page>('/organization/audit', { type: 'OrganizationCreated' });
    expect(active.body.entries).toEqual([
      expect.objectContaining({ organizationId: organizationA, actorId: ownerA.id }),
    ]);
    // An admin sees the organization's entries in the admin audit too.
    const fromAdmin = await allPages(root, '/admin/audit', { subjectId: memberA.id, type: 'MemberRoleChanged' });
    expect(fromAdmin).toHaveLength(2);
  });

  it("refuses members and outsiders (an admin of A in B), and never shows one organization's entries to another's owner", async () => {
    const member = await memberA.get('/organization/audit', { organizationId: organizationA });
    expect(member).toMatchObject({ status: 403, body: { code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG' } });
    for (const [outsider, organizationId] of [
      [ownerB, organizationA],
      [adminA, organizationB],
    ] as const) {
      const refused = await outsider.get('/organization/audit', { organizationId });
      expect(refused).toMatchObject({ status: 403, body: { code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' } });
    }
    const own = await allPages(ownerB, '/organization/audit', { organizationId: organizationB });
    expect(own.length).toBeGreaterThan(0);
    const text = JSON.stringify(own);
    for (const id of [organizationA, adminA.id, memberA.id]) expect(text).not.toContain(id);
    const filtered = await allPages(ownerB, '/organization/audit', {
      organizationId: organizationB,
      subjectId: memberA.id,
    });
    expect(filtered).toEqual([]);
  });

  it('reads a filtered page with one index scan in the log order, without sorting', async () => {
    const plans: [string, AuditCatalog, Omit<StoreAuditFilter, 'limit'>, string][] = [
      ['identity', IdentityAudit, {}, 'events_audit_time_idx'],
      ['identity', IdentityAudit, { actor: root.id }, 'events_audit_actor_idx'],
      ['identity', IdentityAudit, { subject: victim.id }, 'events_audit_subject_idx'],
      ['identity', IdentityAudit, { types: ['UserBanned'] }, 'events_audit_type_idx'],
      ['session', SessionAudit, { subject: victim.id, to: new Date().toISOString() }, 'events_audit_subject_idx'],
      [
        'organization',
        OrganizationAudit,
        { organizationId: organizationA, afterTime: new Date().toISOString(), afterId: crypto.randomUUID() },
        'events_audit_organization_idx',
      ],
      ['organization', OrganizationAudit, { subject: memberA.id }, 'events_audit_subject_idx'],
    ];
    // The suite's tables are small enough for a whole scan and a sort to win; what counts is that an index can serve
    // the page in order, which the planner then finds without those (it still sorts when no index can).
    await admin.db.query('SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off');
    try {
      for (const [schema, catalog, filter, index] of plans) {
        const types = filter.types ?? auditedTypes(catalog);
        const { text, values } = auditStatement(schema, catalog, { ...filter, limit: 51 }, types);
        const { rows } = await admin.db.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
        const plan = JSON.stringify(rows[0]);
        expect({
          schema,
          filter,
          index: plan.includes(`"Index Name":"${index}"`),
          sorted: plan.includes('"Sort"'),
        }).toEqual({ schema, filter, index: true, sorted: false });
      }
    } finally {
      await admin.db.query('RESET enable_seqscan; RESET enable_bitmapscan; RESET enable_sort');
    }
  });
});
