import { requireWebhookManager, webhookWants } from './webhook-access.js';

const member = (role: string) => ({ memberId: 'm', userId: 'u', role });

describe('webhook access', () => {
  it('lets owners and admins manage webhooks, not members or strangers', () => {
    expect(() => requireWebhookManager(member('owner'))).not.toThrow();
    expect(() => requireWebhookManager(member('member,admin'))).not.toThrow();
    expect(() => requireWebhookManager(member('member'))).toThrow(
      expect.objectContaining({ code: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS' }),
    );
    expect(() => requireWebhookManager(null)).toThrow(
      expect.objectContaining({ code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION' }),
    );
  });

  it('delivers the types asked for, or every type for *', () => {
    expect(webhookWants(['*'], 'MemberAdded')).toBe(true);
    expect(webhookWants(['MemberAdded'], 'MemberAdded')).toBe(true);
    expect(webhookWants(['MemberAdded'], 'MemberRemoved')).toBe(false);
  });
});
