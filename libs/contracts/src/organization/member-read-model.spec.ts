import { memberReadModelKey, parseMemberReadModel } from './member-read-model.js';

const member = { id: 'm1', role: 'admin,member', createdAt: '2026-11-25T00:00:00.000Z' };

describe('parseMemberReadModel', () => {
  it('reads a membership, the marker of one that ended, and a miss', () => {
    expect(parseMemberReadModel(JSON.stringify({ version: 7, member }))).toEqual({ version: 7, member });
    expect(parseMemberReadModel(JSON.stringify({ version: 9, member: null }))).toEqual({ version: 9, member: null });
    expect(parseMemberReadModel(null)).toBeUndefined();
  });

  it('reads a value of another shape, or no JSON at all, as a miss', () => {
    const withoutRole = { id: member.id, createdAt: member.createdAt };
    for (const value of [
      JSON.stringify({ member }),
      JSON.stringify({ version: '7', member }),
      JSON.stringify({ version: 1.5, member }),
      JSON.stringify({ version: 7 }),
      JSON.stringify({ version: 7, member: withoutRole }),
      JSON.stringify({ version: 7, member: { ...member, createdAt: 0 } }),
      'null',
      '{not json',
    ]) {
      expect(parseMemberReadModel(value)).toBeUndefined();
    }
  });
});

describe('memberReadModelKey', () => {
  it('names one key per organization and user', () => {
    expect(memberReadModelKey('o1', 'u1')).toBe('organization:member:o1:u1');
    expect(memberReadModelKey('o1', 'u2')).not.toBe(memberReadModelKey('o2', 'u1'));
  });
});
