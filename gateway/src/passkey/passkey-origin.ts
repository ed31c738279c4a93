import { DomainError, type ErrorDefinition } from '@authsvc/errors';
import type { TrustedOrigins } from '../security/trusted-origins.js';

/**
 * The page origin a WebAuthn answer must name: the request's Origin header, which must be one of the trusted
 * origins (BASE_URL's or TRUSTED_ORIGINS). The reference takes any Origin header here; trusting only ours means a
 * page elsewhere cannot complete a ceremony even with a client that sends no cookie (and so meets no origin check).
 */
export function ceremonyOrigin(header: string | undefined, trusted: TrustedOrigins, refusal: ErrorDefinition): string {
  if (header === undefined || !trusted.isTrustedOrigin(header)) throw new DomainError(refusal);
  return header;
}
