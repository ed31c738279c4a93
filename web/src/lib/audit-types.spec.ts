import { describe, expect, it } from '@jest/globals';
import { auditDataSummary } from './audit-types';

describe('auditDataSummary', () => {
  it('puts an entry’s data on one line', () => {
    expect(auditDataSummary({ banReason: 'spam', banExpires: null })).toBe('banReason: spam · banExpires: none');
    expect(auditDataSummary({})).toBe('');
  });
});
