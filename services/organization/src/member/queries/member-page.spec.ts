import { describe, expect, it } from '@jest/globals';
import { memberPageStatement, type MemberPageRequest } from './member-page.js';

const page: MemberPageRequest = { organization: { id: 'org-1' }, userId: 'user-1', limit: 100, offset: 0 };
/** VALIDATION_ERROR, as a query answers it. */
const BAD_QUERY = 'Invalid query parameters';

describe('member page statement', () => {
  it('pages by age by default, oldest first, ties broken by id', () => {
    const { text, values } = memberPageStatement(page);
    expect(text).toContain('ORDER BY m.created_at ASC, m.id ASC LIMIT $3 OFFSET $4');
    expect(values).toEqual(['org-1', 'user-1', 100, 0]);
  });

  it('names the organization by id or by slug, and counts from the kept total unless filtered', () => {
    expect(memberPageStatement(page).text).toContain('WHERE id = $1');
    const bySlug = memberPageStatement({ ...page, organization: { slug: 'acme' } });
    expect(bySlug.text).toContain('WHERE slug = $1');
    expect(bySlug.values[0]).toBe('acme');
    expect(bySlug.text).toContain('t.member_count AS total');
  });

  it('sorts by the field asked, in the direction asked', () => {
    const { text } = memberPageStatement({ ...page, sortBy: 'role', sortDirection: 'desc' });
    expect(text).toContain('ORDER BY m.role DESC, m.id DESC');
    expect(text).toContain('ORDER BY page.role DESC, page.id DESC');
  });

  it('passes filter values as parameters, lists for in and not_in, in the count and the page alike', () => {
    const filtered = memberPageStatement({ ...page, filter: { field: 'role', operator: 'eq', value: "admin' --" } });
    expect(filtered.values).toEqual(['org-1', 'user-1', "admin' --", 100, 0]);
    expect(filtered.text.match(/m\.role = \$3::text/g)).toHaveLength(2);
    expect(filtered.text).not.toContain('member_count AS total');
    const listed = memberPageStatement({ ...page, filter: { field: 'userId', operator: 'in', value: 'u-1' } });
    expect(listed.values[2]).toEqual(['u-1']);
    expect(listed.text).toContain('m.user_id = ANY($3::text[])');
    const dated = memberPageStatement({
      ...page,
      filter: { field: 'createdAt', operator: 'gte', value: '2026-11-24T10:00:00.000Z' },
    });
    expect(dated.text).toContain('m.created_at >= $3::timestamptz');
  });

  it('refuses values its field cannot be compared with', () => {
    const createdAt = (operator: 'eq' | 'in' | 'contains', value: string | string[]) => () =>
      memberPageStatement({ ...page, filter: { field: 'createdAt', operator, value } });
    expect(createdAt('eq', 'yesterday')).toThrow(BAD_QUERY);
    expect(createdAt('eq', '2026-02-30')).toThrow(BAD_QUERY);
    expect(createdAt('in', ['2026-01-01', 'soon'])).toThrow(BAD_QUERY);
    expect(createdAt('contains', '2026')).toThrow(BAD_QUERY);
    expect(createdAt('eq', '2026-02-28T23:59:59.999Z')).not.toThrow();
    const twoRoles = () =>
      memberPageStatement({ ...page, filter: { field: 'role', operator: 'eq', value: ['a', 'b'] } });
    expect(twoRoles).toThrow(BAD_QUERY);
  });
});
