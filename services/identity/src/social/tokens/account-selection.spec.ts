import { selectAccount } from './account-selection.js';

const accounts = [
  { id: 'cred', providerId: 'credential' },
  { id: 'g1', providerId: 'google' },
  { id: 'g2', providerId: 'google' },
  { id: 'gh', providerId: 'github' },
];

describe('which account a token request names', () => {
  it("takes 1.7's account id", () => {
    expect(selectAccount(accounts, { accountId: 'g2' })?.id).toBe('g2');
    expect(selectAccount(accounts, { accountId: 'cred' })?.id).toBe('cred');
  });

  it("takes the spec's provider id: its first account, or the one named when an account id comes too", () => {
    expect(selectAccount(accounts, { providerId: 'google' })?.id).toBe('g1');
    expect(selectAccount(accounts, { providerId: 'google', accountId: 'g2' })?.id).toBe('g2');
  });

  it('finds none for an unknown id, an id of another provider, or a selection naming nothing', () => {
    expect(selectAccount(accounts, { accountId: 'elsewhere' })).toBeUndefined();
    expect(selectAccount(accounts, { providerId: 'github', accountId: 'g1' })).toBeUndefined();
    expect(selectAccount(accounts, { providerId: 'apple' })).toBeUndefined();
    expect(selectAccount(accounts, {})).toBeUndefined();
  });
});
