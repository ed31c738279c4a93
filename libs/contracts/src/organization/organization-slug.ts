/**
 * The slugs an organization may take: lower-case words of letters and digits joined by single hyphens, as the
 * web client proposes them. The server enforces it on create, update and check-slug; the web client imports
 * this file for its fields' `pattern` (it has no imports, so that the browser bundle takes nothing else).
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
