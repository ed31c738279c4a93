import { IdentityRpc } from '../identity/identity.rpc.js';
import { ProviderTokenRpc } from '../identity/provider-tokens.rpc.js';
import { PasskeyRpc } from '../identity/passkey.rpc.js';
import { PasswordlessRpc } from '../identity/passwordless.rpc.js';
import { TwoFactorRpc } from '../identity/two-factor.rpc.js';
import { JwtKeyIssued } from '../jwt/jwt-key.events.js';
import { JwtKeyRpc } from '../jwt/jwt-key.rpc.js';
import { MailerRpc } from '../mailer/mailer.rpc.js';
import type { NatsAccess } from '../messaging/nats-access.js';
import { InvitationRpc } from '../organization/invitation.rpc.js';
import { MemberRpc } from '../organization/member.rpc.js';
import { OrganizationRpc } from '../organization/organization.rpc.js';
import { TeamRpc } from '../organization/team.rpc.js';
import { WebhookRpc } from '../organization/webhook.rpc.js';
import { SessionRpc } from '../session/session.rpc.js';
import { AuditRpc } from '../audit/audit.rpc.js';

/**
 * The HTTP edge calls the services and serves nothing on NATS. Internal requests no HTTP route reaches
 * (`identity.rpc.password.set`, `identity.rpc.user.set-role-by-email`, `session.rpc.user-snapshot.refresh`, the
 * organization service's internal requests) stay out of its reach; `identity.rpc.user.get` is reached by admin
 * impersonate-user alone, whose caller must hold the impersonate permission.
 */
export const GatewayNatsAccess: NatsAccess = {
  user: 'gateway',
  serves: [],
  calls: [
    IdentityRpc.registerUser,
    IdentityRpc.signInWithEmail,
    IdentityRpc.signInWithUsername,
    IdentityRpc.isUsernameAvailable,
    IdentityRpc.sendVerificationEmail,
    IdentityRpc.verifyEmail,
    IdentityRpc.changeEmail,
    IdentityRpc.requestPasswordReset,
    IdentityRpc.checkPasswordResetToken,
    IdentityRpc.resetPassword,
    IdentityRpc.changePassword,
    IdentityRpc.checkPassword,
    IdentityRpc.listAccounts,
    IdentityRpc.startSocialSignIn,
    IdentityRpc.finishSocialSignIn,
    IdentityRpc.signInWithIdToken,
    IdentityRpc.listSocialProviders,
    ...Object.values(PasswordlessRpc),
    ...Object.values(ProviderTokenRpc),
    ...Object.values(PasskeyRpc),
    IdentityRpc.startSocialLink,
    IdentityRpc.linkWithIdToken,
    IdentityRpc.unlinkAccount,
    IdentityRpc.updateUser,
    IdentityRpc.deleteUser,
    IdentityRpc.confirmUserDeletion,
    IdentityRpc.getUser,
    IdentityRpc.setRole,
    IdentityRpc.banUser,
    IdentityRpc.unbanUser,
    IdentityRpc.createUser,
    IdentityRpc.adminGetUser,
    IdentityRpc.listUsers,
    IdentityRpc.adminUpdateUser,
    IdentityRpc.setUserPassword,
    IdentityRpc.removeUser,
    ...Object.values(TwoFactorRpc),
    SessionRpc.create,
    SessionRpc.get,
    SessionRpc.refresh,
    SessionRpc.expire,
    SessionRpc.revoke,
    SessionRpc.listForUser,
    SessionRpc.revokeForUser,
    SessionRpc.setActive,
    MailerRpc.listMailbox,
    // Every request an organization endpoint makes; the internal ones (add-member) are declared apart.
    ...Object.values(OrganizationRpc),
    MemberRpc.remove,
    MemberRpc.updateRole,
    MemberRpc.getActive,
    MemberRpc.getActiveRole,
    MemberRpc.leave,
    MemberRpc.list,
    MemberRpc.hasPermission,
    ...Object.values(TeamRpc),
    ...Object.values(WebhookRpc),
    ...Object.values(InvitationRpc),
    JwtKeyRpc.getKeySet,
    // The audit endpoints: admins read every store, an organization's owners and admins its entries.
    ...Object.values(AuditRpc),
  ],
  consumes: [],
  /** A new signing key: the gateways fetch the key set again at once instead of at their next refresh. */
  listens: [JwtKeyIssued.subject],
};
