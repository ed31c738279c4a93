import { microsoft, microsoftEmailVerified, microsoftTenantAllows } from './microsoft.js';
import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';

const WORK_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const AUTHORITY = 'https://login.microsoftonline.com';

/** The claims of an Entra v2.0 id token (`oid` is the user's object id, `sub` is pairwise per app). */
const idTokenClaims = (person: Person, extra: Record<string, unknown> = {}) => ({
  iss: `${AUTHORITY}/${WORK_TENANT}/v2.0`,
  aud: '6731de76-14a6-49ae-97bc-6eba6914391e',
  exp: 1764343200,
  iat: 1764339600,
  nbf: 1764339600,
  tid: WORK_TENANT,
  oid: person.id,
  sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
  name: person.name,
  preferred_username: 'ada@contoso.com',
  email: person.email,
  email_verified: person.emailVerified,
  ver: '2.0',
  ...extra,
});
const profileOf = (tenantId: string | undefined, person: Person | undefined, extra?: Record<string, unknown>) => {
  const descriptor = microsoft({ tenantId });
  const claims = person && idTokenClaims(person, extra);
  return descriptor.profile(fakeSources(descriptor, {}, claims && { idTokenClaims: claims }).sources);
};

describe('microsoft profile', () => {
  it('keys by oid, not by the pairwise sub, and keeps the claims as raw', async () => {
    const oid = '00000000-0000-0000-66f3-3332eca7ea81';
    const profile = await profileOf(undefined, { ...ADA, id: oid });
    expect(profile).toMatchObject({ subject: oid, raw: { ver: '2.0' } });
  });

  it.each(profileEdgeCases('flag', (person) => profileOf(undefined, person)))('$title', ({ check }) => check());
});

describe('microsoft tenants', () => {
  it('common takes a token whose issuer names its own tenant, and no other', async () => {
    await expect(profileOf('common', ADA)).resolves.not.toBeNull();
    await expect(profileOf('common', ADA, { iss: `${AUTHORITY}/${CONSUMER_TENANT}/v2.0` })).resolves.toBeNull();
    await expect(profileOf('common', ADA, { tid: undefined })).resolves.toBeNull();
  });

  it('organizations refuses personal accounts, consumers refuses work accounts', () => {
    const personal = { tid: CONSUMER_TENANT, iss: `${AUTHORITY}/${CONSUMER_TENANT}/v2.0` };
    const work = { tid: WORK_TENANT, iss: `${AUTHORITY}/${WORK_TENANT}/v2.0` };
    expect(microsoftTenantAllows('organizations', AUTHORITY, personal)).toBe(false);
    expect(microsoftTenantAllows('organizations', AUTHORITY, work)).toBe(true);
    expect(microsoftTenantAllows('consumers', AUTHORITY, work)).toBe(false);
    expect(microsoftTenantAllows('consumers', AUTHORITY, personal)).toBe(true);
  });

  it('a single tenant has its own endpoints and a fixed issuer', () => {
    expect(microsoft({ tenantId: WORK_TENANT }).endpoints).toEqual({
      authorization: `${AUTHORITY}/${WORK_TENANT}/oauth2/v2.0/authorize`,
      token: `${AUTHORITY}/${WORK_TENANT}/oauth2/v2.0/token`,
      jwks: `${AUTHORITY}/${WORK_TENANT}/discovery/v2.0/keys`,
      issuer: `${AUTHORITY}/${WORK_TENANT}/v2.0`,
    });
  });

  it('a tenant named by its domain has no fixed issuer, so the token must name its own tenant', async () => {
    expect(microsoft({ tenantId: 'contoso.onmicrosoft.com' }).endpoints.issuer).toBeUndefined();
    await expect(profileOf('contoso.onmicrosoft.com', ADA)).resolves.not.toBeNull();
    await expect(profileOf('contoso.onmicrosoft.com', ADA, { tid: CONSUMER_TENANT })).resolves.toBeNull();
  });

  it('the default tenant is common, which has no single issuer', () => {
    const { endpoints, scopes, pkce, idTokenSignIn } = microsoft({});
    expect(endpoints.authorization).toBe(`${AUTHORITY}/common/oauth2/v2.0/authorize`);
    expect(endpoints.issuer).toBeUndefined();
    expect({ scopes, pkce, idTokenSignIn }).toEqual({
      scopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
      pkce: true,
      idTokenSignIn: true,
    });
  });

  it('checks the issuer against the authority of an overridden authorization endpoint', async () => {
    const local = 'http://127.0.0.1:4010/entra';
    const descriptor = microsoft({});
    const claims = idTokenClaims(ADA, { iss: `${local}/${WORK_TENANT}/v2.0` });
    const endpoints = { ...descriptor.endpoints, authorization: `${local}/common/oauth2/v2.0/authorize` };
    const { sources } = fakeSources(descriptor, {}, { idTokenClaims: claims });
    await expect(descriptor.profile({ ...sources, endpoints })).resolves.toMatchObject({ email: ADA.email });
  });
});

describe('microsoft email verification', () => {
  const email = 'Ada@Contoso.com';

  it('email_verified decides when present, as a boolean or a string', () => {
    expect(microsoftEmailVerified({ email, email_verified: 'true', xms_edov: false })).toBe(true);
    expect(microsoftEmailVerified({ email, email_verified: false, xms_edov: true })).toBe(false);
  });

  it('else xms_edov (the domain owner verified the address) decides', () => {
    expect(microsoftEmailVerified({ email, xms_edov: true })).toBe(true);
    expect(microsoftEmailVerified({ email, xms_edov: false, verified_primary_email: [email] })).toBe(false);
  });

  it('else the address must be one of the verified addresses, compared whole and case-insensitively', () => {
    expect(microsoftEmailVerified({ email, verified_primary_email: ['ada@contoso.com'] })).toBe(true);
    expect(microsoftEmailVerified({ email, verified_secondary_email: ['old@contoso.com', 'ADA@contoso.com'] })).toBe(
      true,
    );
    expect(microsoftEmailVerified({ email, verified_primary_email: 'x.ada@contoso.com.evil' })).toBe(false);
    expect(microsoftEmailVerified({ email })).toBe(false);
    expect(microsoftEmailVerified({ verified_primary_email: ['ada@contoso.com'] })).toBe(false);
  });
});
