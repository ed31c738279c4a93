import { requireAuditReader } from './audit-readers.js';

const member = (role: string) => ({ memberId: 'm1', userId: 'u1', role });

describe('who reads an organization audit log', () => {
  it('lets owners and admins read it, alone or among other roles', () => {
    for (const role of ['owner', 'admin', 'member,admin', 'owner, member']) {
      expect(requireAuditReader(member(role))).toEqual(member(role));
    }
  });

  it('refuses plain members with 403, and users who are no member', () => {
    expect(() => requireAuditReader(member('member'))).toThrow(
      expect.objectContaining({ code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG' }),
    );
    expect(() => requireAuditReader(null)).toThrow(
      expect.objectContaining({ code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' }),
    );
  });
});
