import { IdentityRpc } from '../identity/identity.rpc.js';
import type { NatsAccess } from '../messaging/nats-access.js';
import { MemberRpc } from '../organization/member.rpc.js';
import { SessionRpc } from '../session/session.rpc.js';

/**
 * Your own server code, trusted to make the requests no HTTP route makes: a first password for a user without
 * one, ending a session from outside the gateway, and adding a user to an organization.
 */
export const BackEndNatsAccess: NatsAccess = {
  user: 'backend',
  serves: [],
  calls: [IdentityRpc.setPassword, SessionRpc.revoke, MemberRpc.add],
  consumes: [],
};
