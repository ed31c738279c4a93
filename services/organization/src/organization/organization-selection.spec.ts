import { describe, expect, it } from '@jest/globals';
import { organizationReadStatement, selectedOrganization } from './organization-selection.js';

describe('organization selection', () => {
  it('names the organization by slug first, then id, then the active one', () => {
    const active = { activeOrganizationId: 'org-active' };
    expect(selectedOrganization({ ...active, organizationSlug: 'acme', organizationId: 'org-1' })).toEqual({
      slug: 'acme',
    });
    expect(selectedOrganization({ ...active, organizationId: 'org-1' })).toEqual({ id: 'org-1' });
    expect(selectedOrganization(active)).toEqual({ id: 'org-active' });
    expect(selectedOrganization({ activeOrganizationId: null })).toBeNull();
  });

  it('reads the organization and the caller in one statement, the full read gated on membership', () => {
    const plain = organizationReadStatement({ id: 'org-1' }, 'user-1');
    expect(plain.values).toEqual(['org-1', 'user-1']);
    expect(plain.text).toContain('WHERE id = $1');
    expect(plain.text).not.toContain('AS members');
    const full = organizationReadStatement({ slug: 'acme' }, 'user-1', { membersLimit: 100, teams: false });
    expect(full.values).toEqual(['acme', 'user-1', 100, false]);
    expect(full.text).toContain('WHERE slug = $1');
    expect(full.text.match(/EXISTS \(SELECT 1 FROM caller\)/g)).toHaveLength(3);
    expect(full.text).toContain('LIMIT $3');
  });
});
