import { AuthErrors } from './catalogue/auth.errors.js';
import { OrganizationErrors } from './catalogue/organization.errors.js';
import { RequestErrors } from './catalogue/request.errors.js';
import { UsernameErrors } from './catalogue/username.errors.js';
import type { ErrorDefinition } from './error-definition.js';

const everyEntry: readonly ErrorDefinition[] = [
  ...Object.values(RequestErrors),
  ...Object.values(AuthErrors),
  ...Object.values(UsernameErrors),
  ...Object.values(OrganizationErrors),
];

const knownCodes = new Set(everyEntry.map((entry) => entry.code));

/** Whether a code that arrived from another process belongs to the catalogue. */
export function isCatalogueCode(code: string): boolean {
  return knownCodes.has(code);
}

export function allCatalogueEntries(): readonly ErrorDefinition[] {
  return everyEntry;
}
