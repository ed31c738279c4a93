import { describe, expect, it } from '@jest/globals';
import { hasPermission, isOwner, rankOf, rolesOf, unknownRole, unknownRoles } from './organization-roles.js';

describe('organization roles', () => {
  it('gives the owner every action, the admin all but deleting the organization, the member none', () => {
    expect(hasPermission('owner', { organization: ['delete'], member: ['delete'] })).toBe(true);
    expect(hasPermission('admin', { organization: ['update'], team: ['create', 'delete'] })).toBe(true);
    expect(hasPermission('admin', { organization: ['delete'] })).toBe(false);
    expect(hasPermission('member', { invitation: ['create'] })).toBe(false);
    expect(hasPermission('member', { ac: ['read'] })).toBe(true);
  });

  it('grants when one of several roles grants every action asked', () => {
    expect(hasPermission('member,admin', { member: ['update'] })).toBe(true);
    expect(hasPermission('member, admin', { organization: ['update', 'delete'] })).toBe(false);
  });

  it('grants nothing for an empty question, an unknown resource, action or role', () => {
    expect(hasPermission('owner', {})).toBe(false);
    expect(hasPermission('owner', { member: [] })).toBe(false);
    expect(hasPermission('owner', { billing: ['read'] })).toBe(false);
    expect(hasPermission('owner', { member: ['read'] })).toBe(false);
    expect(hasPermission('superhero', { member: ['update'] })).toBe(false);
    expect(hasPermission('constructor', { member: ['update'] })).toBe(false);
  });

  it('reads role strings as comma-separated lists', () => {
    expect(rolesOf('admin, member,')).toEqual(['admin', 'member']);
    expect(rolesOf(['member', ' admin,owner'])).toEqual(['member', 'admin', 'owner']);
    expect(isOwner('member,owner')).toBe(true);
    expect(isOwner('admin')).toBe(false);
    expect(unknownRole(['admin', 'wizard'])).toBe('wizard');
    expect(unknownRole(['owner', 'member'])).toBeUndefined();
  });

  it('names every unknown role of a list', () => {
    expect(unknownRoles(['wizard', 'admin', 'ghost'])).toEqual(['wizard', 'ghost']);
    expect(unknownRoles(['member'])).toEqual([]);
  });

  it('ranks a role string by its highest role: owner over admin over member, unknown roles nowhere', () => {
    expect(rankOf('owner')).toBeGreaterThan(rankOf('admin'));
    expect(rankOf('admin')).toBeGreaterThan(rankOf('member'));
    expect(rankOf('member,admin')).toBe(rankOf('admin'));
    expect(rankOf(['member', 'owner'])).toBe(rankOf('owner'));
    expect(rankOf('wizard')).toBe(0);
    expect(rankOf('constructor')).toBe(0);
  });
});
