import { unlinkTarget } from './unlink-target.js';

const accounts = [
  { id: 'row-pw', providerId: 'credential', accountId: 'user1' },
  { id: 'row-gh1', providerId: 'github', accountId: '4815' },
  { id: 'row-gh2', providerId: 'github', accountId: '1623' },
  { id: 'row-google', providerId: 'google', accountId: 'sub-42' },
];

describe('unlink-account target', () => {
  it("finds 1.7's {accountId} by the account's row id only", () => {
    expect(unlinkTarget(accounts, { accountId: 'row-google' })?.id).toBe('row-google');
    expect(unlinkTarget(accounts, { accountId: 'sub-42' })).toBeUndefined();
  });

  it("finds the spec's {providerId} (the provider's first account) and {providerId, accountId} by either id", () => {
    expect(unlinkTarget(accounts, { providerId: 'github' })?.id).toBe('row-gh1');
    expect(unlinkTarget(accounts, { providerId: 'github', accountId: '1623' })?.id).toBe('row-gh2');
    expect(unlinkTarget(accounts, { providerId: 'github', accountId: 'row-gh2' })?.id).toBe('row-gh2');
  });

  it('finds nothing for another provider, an id under the wrong provider, or an empty body', () => {
    expect(unlinkTarget(accounts, { providerId: 'apple' })).toBeUndefined();
    expect(unlinkTarget(accounts, { providerId: 'google', accountId: '4815' })).toBeUndefined();
    expect(unlinkTarget(accounts, {})).toBeUndefined();
  });
});
