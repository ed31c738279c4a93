import { DomainError, type ErrorDefinition } from '@authsvc/errors';

/**
 * @simplewebauthn/server throws on every answer it refuses (wrong challenge, origin, RP ID, signature, counter, or
 * a malformed answer): each is the client's bad answer, so the catalogue's refusal, never a 500. The library's
 * message stays out of the answer and the logs (it may quote the client's data).
 */
export async function checkedBy<T>(verification: () => Promise<T>, refusal: ErrorDefinition): Promise<T> {
  try {
    return await verification();
  } catch {
    throw new DomainError(refusal);
  }
}
