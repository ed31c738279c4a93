import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { fetchAuditPage, type AuditEntry, type AuditPath } from '../api/audit-log';
import { auditActorWithoutUser, auditDataSummary, auditTypeWords } from '../lib/audit-types';
import { FormError } from './form-parts';
import { Loading } from './page';

interface AuditLogTableProps {
  /** The start of the query key (the area's, so its invalidations refresh the log too). */
  queryKey: readonly unknown[];
  path: AuditPath;
  /** Filters every page carries (the organization). */
  query?: Record<string, string>;
  /** The event types offered by the type filter. */
  types: readonly string[];
  /** How an id shows (a link to the user's page, for admins). */
  renderId?: (id: string, kind: string) => ReactNode;
}

/** An audit log, newest first: time, type, actor and subject of each entry; filtered by type, paged by "More". */
export function AuditLogTable({
  queryKey,
  path,
  query = {},
  types,
  renderId = (id) => <span className="audit-id">{id}</span>,
}: AuditLogTableProps) {
  const [type, setType] = useState('');
  const filterId = useId();
  const log = useInfiniteQuery({
    queryKey: [...queryKey, 'audit', path, query, type],
    queryFn: ({ pageParam }) => fetchAuditPage(path, { ...query, type: type || undefined, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <p>
        <label htmlFor={filterId}>Type </label>
        <select id={filterId} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">All types</option>
          {types.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </p>
      <FormError message={log.error?.message} />
      {log.isPending ? (
        <Loading what="the audit log" />
      ) : entries.length ? (
        // Focusable: the ids make the table wider than a narrow screen, and a keyboard must scroll it too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit entries">
          <table aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col">Actor</th>
                <th scope="col">Subject</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry: AuditEntry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.occurredAt).toLocaleString()}</td>
                  <th scope="row">
                    {entry.type}
                    {auditTypeWords(entry.type) && <small className="audit-words">{auditTypeWords(entry.type)}</small>}
                  </th>
                  <td>{entry.actorId ? renderId(entry.actorId, 'user') : auditActorWithoutUser(entry.type)}</td>
                  <td>
                    {entry.subject.type} {renderId(entry.subject.id, entry.subject.type)}
                  </td>
                  <td>{auditDataSummary(entry.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty">No entry.</p>
      )}
      {log.hasNextPage && (
        <button type="button" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'More'}
        </button>
      )}
    </>
  );
}
