import { AdminErrors } from './catalogue/admin.errors.js';
import { AuditErrors } from './catalogue/audit.errors.js';
import { AuthErrors } from './catalogue/auth.errors.js';
import { CaptchaErrors } from './catalogue/captcha.errors.js';
import { OrganizationErrors } from './catalogue/organization.errors.js';
import { PasskeyErrors } from './catalogue/passkey.errors.js';
import { PasswordlessErrors } from './catalogue/passwordless.errors.js';
import { RequestErrors } from './catalogue/request.errors.js';
import { TwoFactorErrors } from './catalogue/two-factor.errors.js';
import { UsernameErrors } from './catalogue/username.errors.js';
import type { ErrorDefinition } from './error-definition.js';
import { HttpStatus } from './http-status.js';

const everyEntry: readonly ErrorDefinition[] = [
  ...Object.values(RequestErrors),
  ...Object.values(AuthErrors),
  ...Object.values(UsernameErrors),
  ...Object.values(OrganizationErrors),
  ...Object.values(CaptchaErrors),
  ...Object.values(AdminErrors),
  ...Object.values(AuditErrors),
  ...Object.values(PasskeyErrors),
  ...Object.values(PasswordlessErrors),
  ...Object.values(TwoFactorErrors),
];

/** A code may name several entries (VALIDATION_ERROR for bodies and for queries), told apart by message. */
const entriesByCode = new Map<string, ErrorDefinition[]>();
for (const entry of everyEntry) entriesByCode.set(entry.code, [...(entriesByCode.get(entry.code) ?? []), entry]);

/**
 * The statuses, besides its own, with which the reference answers a code at some endpoints: a refused
 * verification or email-change link is 401 (INVALID_TOKEN, or USER_NOT_FOUND when its user is gone), a bad
 * deletion link 404 (INVALID_TOKEN, FAILED_TO_GET_USER_INFO without its user's session), an admin's create-user
 * of a taken email 400 (USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL), and a username rule
 * broken where a username is only looked up (sign-in, availability) 422; organization endpoints answer "not a
 * member" with 400, 401 or 403 depending on the endpoint, and adding an unknown user to an organization is 400
 * USER_NOT_FOUND. A reply may pick one of these; any other status it claims is replaced by the entry's.
 */
const OTHER_STATUSES: Readonly<Record<string, readonly number[]>> = {
  [AuthErrors.INVALID_TOKEN.code]: [HttpStatus.UNAUTHORIZED, HttpStatus.NOT_FOUND],
  [AuthErrors.USER_NOT_FOUND.code]: [HttpStatus.UNAUTHORIZED, HttpStatus.BAD_REQUEST],
  [AuthErrors.FAILED_TO_GET_USER_INFO.code]: [HttpStatus.NOT_FOUND],
  [AuthErrors.USER_ALREADY_EXISTS.code]: [HttpStatus.BAD_REQUEST],
  [UsernameErrors.USERNAME_TOO_SHORT.code]: [HttpStatus.UNPROCESSABLE_ENTITY],
  [UsernameErrors.USERNAME_TOO_LONG.code]: [HttpStatus.UNPROCESSABLE_ENTITY],
  [UsernameErrors.INVALID_USERNAME.code]: [HttpStatus.UNPROCESSABLE_ENTITY],
  [OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION.code]: [HttpStatus.BAD_REQUEST, HttpStatus.UNAUTHORIZED],
  [OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_TEAM.code]: [HttpStatus.FORBIDDEN],
  [PasskeyErrors.PASSKEY_NOT_FOUND.code]: [HttpStatus.UNAUTHORIZED],
};

/** Whether a code that arrived from another process belongs to the catalogue. */
export function isCatalogueCode(code: string): boolean {
  return entriesByCode.has(code);
}

/**
 * The catalogue's entry for a code that arrived from another process: the catalogue's message and status, not
 * the sender's. The sender's message only chooses among the entries of a code, and its status is kept only
 * where the catalogue allows that status for the code. Undefined for a code the catalogue does not know.
 */
export function errorDefinitionOf(
  code: string,
  claimed: { readonly message?: string; readonly status?: number } = {},
): ErrorDefinition | undefined {
  const entries = entriesByCode.get(code);
  if (!entries) return undefined;
  const entry = entries.find(({ message }) => message === claimed.message) ?? namedCaseOf(entries, claimed.message);
  const { status } = claimed;
  const allowed = status !== undefined && status !== entry.status && OTHER_STATUSES[code]?.includes(status);
  return allowed ? { ...entry, status } : entry;
}

/** The entry worded as claimed when one of its named cases matches, else the code's first entry. */
function namedCaseOf(entries: readonly ErrorDefinition[], claimed: string | undefined): ErrorDefinition {
  const named = claimed === undefined ? undefined : entries.find(({ namedCase }) => namedCase?.test(claimed));
  return named ? { ...named, message: claimed! } : entries[0];
}

export function allCatalogueEntries(): readonly ErrorDefinition[] {
  return everyEntry;
}
