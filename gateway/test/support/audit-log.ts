import type { AuditEntry, AuditPage } from '@authsvc/contracts';
import type { Actor } from './actor.js';

/** Every page of an audit query, following the cursors. */
export async function allAuditPages(actor: Actor, path: string, query: Record<string, string>): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await actor.get<AuditPage>(path, { ...query, cursor });
    expect(page.status).toBe(200);
    entries.push(...page.body.entries);
    if (!page.body.nextCursor) return entries;
    cursor = page.body.nextCursor;
  }
  throw new Error('more than 100 pages');
}
