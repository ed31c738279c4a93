import { randomUUID } from 'node:crypto';
import { auditCursorAfter, auditPositionOf } from './audit-cursor.js';
import { compareAuditEntries, type AuditEntry } from './audit-entry.js';
import { mergeAuditPages } from './audit-pages.js';

const entry = (occurredAt: string, id = randomUUID()): AuditEntry => ({
  id,
  type: 'UserBanned',
  occurredAt,
  actorId: null,
  subject: { type: 'user', id: 'u' },
  data: {},
});

/** A store answering as the services do: its first `limit` entries in the log's order after the position. */
function storeOf(entries: AuditEntry[]) {
  const sorted = [...entries].sort(compareAuditEntries);
  return (cursor: string | undefined, limit: number) => {
    const position = cursor === undefined ? undefined : auditPositionOf(cursor)!;
    const after = position ? sorted.filter((e) => compareAuditEntries(position, e) < 0) : sorted;
    return after.slice(0, limit);
  };
}

describe('audit pages', () => {
  it('round-trips a cursor, and refuses what no page answered', () => {
    const last = entry('2026-11-28T10:00:00.000Z');
    expect(auditPositionOf(auditCursorAfter(last))).toEqual({ occurredAt: last.occurredAt, id: last.id });
    for (const bad of ['', 'garbage', Buffer.from('2026-11-28 x').toString('base64url'), 'a'.repeat(40)]) {
      expect(auditPositionOf(bad)).toBeUndefined();
    }
    const invalidTime = Buffer.from(`2026-13-45T99:00:00.000Z ${randomUUID()}`).toString('base64url');
    expect(auditPositionOf(invalidTime)).toBeUndefined();
  });

  it('pages over several stores without skipping or repeating, ties in time included', () => {
    const times = ['2026-11-28T10:00:00.000Z', '2026-11-28T10:00:01.000Z', '2026-11-28T10:00:02.000Z'];
    const stores = [0, 1, 2].map((store) =>
      Array.from({ length: 7 + store * 3 }, (_, i) => entry(times[(i + store) % times.length]!)),
    );
    const readers = stores.map(storeOf);
    const seen: AuditEntry[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = mergeAuditPages(
        readers.map((read) => read(cursor, 4 + 1)),
        4,
      );
      seen.push(...page.entries);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const all = stores.flat().sort(compareAuditEntries);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('gives no cursor when the stores hold no more than the page', () => {
    const page = mergeAuditPages([[entry('2026-11-28T10:00:00.000Z')], [entry('2026-11-28T10:00:01.000Z')]], 2);
    expect(page.entries).toHaveLength(2);
    expect(page.nextCursor).toBeNull();
    expect(page.entries[0]!.occurredAt).toBe('2026-11-28T10:00:01.000Z');
  });
});
