import { auditSubjectSql, toAuditEntry } from './audit-catalog.js';
import { AUDIT_SOURCES } from './audited-events.js';

/** Names of what must never leave a store in an audit entry: secrets, tokens, hashes, addresses, links (whether
 * an address is verified is a flag, no address). */
// `passkeyId` names which passkey, as `accountId` names which account: neither its password nor its key.
const SECRET_NAME =
  /pass(?!keyId)|hash|token|secret|seal|(?<!pass)key|email(?!Verified)|address|agent|personal|url|link/i;

/** Data as a careless event could hold it: every secret-named field next to the ids. */
const SECRETS = {
  passwordHash: '$2b$10$hash',
  token: 'session-token',
  tokenHash: 'sha256',
  accessToken: 'at',
  refreshToken: 'rt',
  idToken: 'it',
  sealedPrivateKey: 'sealed',
  publicKey: { kty: 'OKP' },
  secret: 'whsec_x',
  email: 'ada@example.com',
  ipAddress: '192.0.2.1',
  userAgent: 'curl',
  url: 'https://example.com/reset?token=t',
};

describe('audit catalogues', () => {
  for (const [store, { catalog, events }] of Object.entries(AUDIT_SOURCES)) {
    describe(store, () => {
      it('decides for every event type of the store, and knows no other type', () => {
        expect(Object.keys(catalog.fields).sort()).toEqual(events.map(({ type }) => type).sort());
      });

      it('allows no secret-named field of any event type', () => {
        for (const [type, fields] of Object.entries(catalog.fields)) {
          expect({ type, secretFields: (fields ?? []).filter((field) => SECRET_NAME.test(field)) }).toEqual({
            type,
            secretFields: [],
          });
        }
      });

      it('makes entries of the allow-listed fields alone, whatever else the data holds', () => {
        for (const [type, fields] of Object.entries(catalog.fields)) {
          if (!fields) continue;
          const ids = { userId: 'u1', organizationId: 'o1', invitationId: 'i1', teamId: 't1', kid: 'k1' };
          const allowed = Object.fromEntries(fields.map((field) => [field, `${field}-value`]));
          const entry = toAuditEntry(catalog, {
            eventId: 'e1',
            type,
            occurredAt: '2026-11-28T10:00:00.000Z',
            actorId: 'admin',
            data: { ...ids, ...SECRETS, ...allowed },
          });
          expect(entry.data).toEqual(allowed);
          expect(JSON.stringify(entry)).not.toMatch(/hash|session-token|sealed|whsec|ada@|192\.0\.2|curl|reset\?/);
          expect(entry.subject.id).not.toBe('');
        }
      });
    });
  }

  it('names the subject by precedence: an invitation, else a user, else a team, else the organization', () => {
    const { catalog } = AUDIT_SOURCES.organization;
    const entry = (data: Record<string, unknown>) =>
      toAuditEntry(catalog, { eventId: 'e', type: 'MemberAdded', occurredAt: 't', actorId: null, data }).subject;
    expect(entry({ organizationId: 'o', invitationId: 'i', userId: 'u' })).toEqual({ type: 'invitation', id: 'i' });
    expect(entry({ organizationId: 'o', teamId: 't', userId: 'u' })).toEqual({ type: 'user', id: 'u' });
    expect(entry({ organizationId: 'o', teamId: 't' })).toEqual({ type: 'team', id: 't' });
    expect(entry({ organizationId: 'o' })).toEqual({ type: 'organization', id: 'o' });
  });

  it('filters subjects in SQL with the same precedence as the migrations froze', () => {
    expect(auditSubjectSql(AUDIT_SOURCES.identity.catalog)).toBe("coalesce(data->>'userId', data->>'kid')");
    expect(auditSubjectSql(AUDIT_SOURCES.session.catalog)).toBe("coalesce(data->>'userId')");
    expect(auditSubjectSql(AUDIT_SOURCES.organization.catalog)).toBe(
      "coalesce(data->>'invitationId', data->>'userId', data->>'teamId', data->>'organizationId')",
    );
  });
});
