import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { hasPermission } from '../access/organization-roles.js';
import { type Membership } from '../kernel/organization-facts.js';

/**
 * Webhooks are managed by whoever may update the organization (owner and admin by default): a webhook sends
 * every event of the organization out, as much a change of the organization as its name. Reusing that
 * permission keeps the access-control statements (`ac`) identical to the reference client's.
 */
export function requireWebhookManager(caller: Membership | null): void {
  if (!caller) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
  if (!hasPermission(caller.role, { organization: ['update'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS);
  }
}

/** Whether a webhook asking for these event types wants an event of this type. */
export function webhookWants(events: readonly string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}
