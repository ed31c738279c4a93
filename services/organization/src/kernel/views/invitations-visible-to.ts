import { isOwner } from '../../access/organization-roles.js';
import type { Membership } from '../organization-facts.js';

/** Invitations granting ownership are shown to owners only, who alone may grant it (list-invitations, get-full-organization). */
export function invitationsVisibleTo<T extends { readonly role: string }>(reader: Membership, invitations: T[]): T[] {
  return isOwner(reader.role) ? invitations : invitations.filter(({ role }) => !isOwner(role));
}
