import { describe, expect, it } from '@jest/globals';
import { auditActorWithoutUser, auditDataSummary, auditTypeWords } from './audit-types';

describe('auditDataSummary', () => {
  it('puts an entry’s data on one line', () => {
    expect(auditDataSummary({ banReason: 'spam', banExpires: null })).toBe('banReason: spam · banExpires: none');
    expect(auditDataSummary({})).toBe('');
  });
});

describe('audit entries in words', () => {
  it('explains failed passwords and locks, and names no one as the actor of a failed sign-in', () => {
    expect(auditTypeWords('SignInFailed')).toMatch(/wrong password/);
    expect(auditTypeWords('AccountLocked')).toMatch(/locked/);
    expect(auditTypeWords('UserBanned')).toBeUndefined();
    expect(auditActorWithoutUser('SignInFailed')).toBe('unknown (not signed in)');
    expect(auditActorWithoutUser('InvitationExpired')).toBe('system');
  });
});
