import { auditCursorAfter } from './audit-cursor.js';
import { compareAuditEntries, type AuditEntry, type AuditPage } from './audit-entry.js';

/**
 * One page from the pages several stores answered for the same filter and position, each holding up to `limit + 1`
 * entries in the log's order: their first `limit` in that order. Each store gave its first entries after the
 * position, so no entry before the page's last one is missing, and the next page starts right after that one.
 */
export function mergeAuditPages(pages: readonly (readonly AuditEntry[])[], limit: number): AuditPage {
  const merged = pages.flat().sort(compareAuditEntries);
  const entries = merged.slice(0, limit);
  const last = entries.at(-1);
  return { entries, nextCursor: merged.length > limit && last ? auditCursorAfter(last) : null };
}
