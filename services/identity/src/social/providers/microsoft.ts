import type { ProviderFactory } from '../provider-descriptor.js';
import { firstText, isTrue, text, toProfile, type JsonObject } from './profile-fields.js';

const AUTHORITY = 'https://login.microsoftonline.com';
/** The fixed tenant of every personal Microsoft account (its `tid`). */
const CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
/** A tenant named by its GUID has one issuer; `common`, `organizations`, `consumers` and domain names do not. */
const TENANT_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Without a single issuer (the multi-tenant endpoints, a tenant named by domain), the id token must at least name
 * its own tenant as issuer (`{authority}/{tid}/v2.0`), and `organizations` / `consumers` must not let the other
 * account class in. A GUID tenant's issuer is fixed and checked with the token.
 */
export const microsoftTenantAllows = (tenant: string, authority: string, claims: JsonObject): boolean => {
  if (TENANT_GUID.test(tenant)) return true;
  const tid = text(claims.tid);
  if (tid === undefined || claims.iss !== `${authority}/${tid}/v2.0`) return false;
  const kind = tenant.toLowerCase();
  if (kind === 'organizations') return tid !== CONSUMER_TENANT;
  return kind === 'consumers' ? tid === CONSUMER_TENANT : true;
};

/**
 * Entra's `email` claim is editable by tenant admins, so it counts as verified only when Microsoft says so:
 * `email_verified` when present, else `xms_edov` (the domain owner verified it), else the address is one of the
 * account's verified addresses.
 */
export const microsoftEmailVerified = (claims: JsonObject): boolean => {
  if (claims.email_verified !== undefined) return isTrue(claims.email_verified);
  if (claims.xms_edov !== undefined) return isTrue(claims.xms_edov);
  const email = text(claims.email)?.toLowerCase();
  const verified = [claims.verified_primary_email, claims.verified_secondary_email].flat();
  return email !== undefined && verified.some((address) => text(address)?.toLowerCase() === email);
};

/** Microsoft Entra ID: the verified id token's claims, keyed by the object id `oid` (stable across apps). */
export const microsoft: ProviderFactory = (settings) => {
  const tenant = settings.tenantId?.trim() || 'common';
  const base = `${AUTHORITY}/${tenant}`;
  return {
    id: 'microsoft',
    endpoints: {
      authorization: `${base}/oauth2/v2.0/authorize`,
      token: `${base}/oauth2/v2.0/token`,
      jwks: `${base}/discovery/v2.0/keys`,
      ...(TENANT_GUID.test(tenant) ? { issuer: `${base}/v2.0` } : {}),
    },
    scopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
    pkce: true,
    idTokenSignIn: true,
    profile: async ({ idTokenClaims, endpoints }) => {
      // The authority in force: the one before `/{tenant}/` of the (possibly overridden) authorization endpoint.
      const cut = endpoints.authorization.indexOf(`/${tenant}/`);
      const authority = cut > 0 ? endpoints.authorization.slice(0, cut) : AUTHORITY;
      if (idTokenClaims === undefined || !microsoftTenantAllows(tenant, authority, idTokenClaims)) return null;
      return toProfile({
        subject: idTokenClaims.oid,
        email: idTokenClaims.email,
        emailVerified: microsoftEmailVerified(idTokenClaims),
        name: firstText(idTokenClaims.name),
        image: idTokenClaims.picture,
        raw: idTokenClaims,
      });
    },
  };
};
