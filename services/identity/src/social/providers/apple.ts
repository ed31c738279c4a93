import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, firstText, isTrue, joinNames, toProfile } from './profile-fields.js';

/**
 * Sign in with Apple: the profile is the verified id token's claims. Apple sends the name only once, on the first
 * consent, in the posted `user` form field (`{name: {firstName, lastName}}`); it is unsigned, so only the name is
 * taken from it, never the address. Apple requires `form_post` whenever the name or email scope is asked for.
 */
export const apple: ProviderFactory = () => ({
  id: 'apple',
  endpoints: {
    authorization: 'https://appleid.apple.com/auth/authorize',
    token: 'https://appleid.apple.com/auth/token',
    jwks: 'https://appleid.apple.com/auth/keys',
    issuer: 'https://appleid.apple.com',
  },
  scopes: ['email', 'name'],
  pkce: true,
  idTokenSignIn: true,
  idTokenOnCallback: true,
  profile: async ({ idTokenClaims, callbackUser }) => {
    if (idTokenClaims === undefined) return null;
    const posted = asObject(callbackUser?.name);
    const name = firstText(joinNames(posted?.firstName, posted?.lastName), idTokenClaims.name);
    return toProfile({
      subject: idTokenClaims.sub,
      email: idTokenClaims.email,
      emailVerified: isTrue(idTokenClaims.email_verified),
      name,
      raw: { ...idTokenClaims, name },
    });
  },
  authorizationParameters: { response_mode: 'form_post' },
});
