import { parseSessionReadModel, sessionUse, type SessionReadModel } from './session-read-model.js';

const entry = (expiresAt: string, refreshDueAt: string) =>
  ({
    session: { token: 't', expiresAt, activeOrganizationId: null, activeTeamId: null, impersonatedBy: null },
    user: { id: 'u', role: 'user' },
    refreshDueAt,
    userVersion: '3',
  }) as unknown as SessionReadModel;

describe('parseSessionReadModel', () => {
  it('reads a complete entry, the revoked marker, and a miss', () => {
    const complete = entry('2026-12-01T00:00:00.000Z', '2026-11-25T00:00:00.000Z');
    expect(parseSessionReadModel(JSON.stringify(complete))).toEqual(complete);
    expect(parseSessionReadModel('revoked')).toBe('revoked');
    expect(parseSessionReadModel(null)).toBeUndefined();
  });

  it('reads an entry of another shape, or no JSON at all, as a miss', () => {
    const written = JSON.parse(JSON.stringify(entry('2026-12-01T00:00:00.000Z', 'x'))) as Record<string, unknown>;
    delete written.refreshDueAt;
    expect(parseSessionReadModel(JSON.stringify(written))).toBeUndefined();
    expect(parseSessionReadModel('{not json')).toBeUndefined();
    expect(parseSessionReadModel('null')).toBeUndefined();
  });

  it('reads an entry written before sessions had an active team as a miss, which the session service rebuilds', () => {
    const written = JSON.parse(JSON.stringify(entry('2026-12-01T00:00:00.000Z', 'x'))) as SessionReadModel;
    const before: Record<string, unknown> = { ...written.session };
    delete before.activeTeamId;
    expect(parseSessionReadModel(JSON.stringify({ ...written, session: before }))).toBeUndefined();
  });

  it('reads an entry written before users had a role or sessions an impersonator as a miss', () => {
    const written = JSON.parse(JSON.stringify(entry('2026-12-01T00:00:00.000Z', 'x'))) as SessionReadModel;
    const session: Record<string, unknown> = { ...written.session };
    delete session.impersonatedBy;
    expect(parseSessionReadModel(JSON.stringify({ ...written, session }))).toBeUndefined();
    const user: Record<string, unknown> = { ...written.user };
    delete user.role;
    expect(parseSessionReadModel(JSON.stringify({ ...written, user }))).toBeUndefined();
  });
});

describe('sessionUse', () => {
  const live = entry('2026-12-01T00:00:00.000Z', '2026-11-25T00:00:00.000Z');

  it('serves a live session before its refresh is due', () => {
    expect(sessionUse(live, new Date('2026-11-24T23:59:59.999Z'), true)).toBe('serve');
  });

  it('extends it from the moment its refresh is due, unless the caller disables refresh', () => {
    expect(sessionUse(live, new Date('2026-11-25T00:00:00.000Z'), true)).toBe('refresh');
    expect(sessionUse(live, new Date('2026-11-30T00:00:00.000Z'), false)).toBe('serve');
  });

  it('never serves it from its expiry on', () => {
    expect(sessionUse(live, new Date('2026-12-01T00:00:00.000Z'), true)).toBe('expire');
    expect(sessionUse(live, new Date('2026-12-01T00:00:00.000Z'), false)).toBe('expire');
  });
});
