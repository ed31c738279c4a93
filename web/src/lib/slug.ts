/** A slug proposed from an organization's name: lower-case words of letters and digits joined by hyphens. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slugs this client lets people choose (the `pattern` of its slug fields): what `slugFrom` makes. The server's
 * rule (libs/contracts, organization-slug.ts) is the same; test/slug-rule.spec.ts keeps them so.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
