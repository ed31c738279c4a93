import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { RecordedEvent } from './recorded-event.js';

/**
 * A read model row kept by a pure `evolve`: given the current row (or null) and an event, the next row
 * (or null to delete it). Applied inline, in the transaction of the append, by the generic projector.
 */
export interface RowProjection<Row extends ObjectLiteral> {
  readonly entity: EntityTarget<Row>;
  readonly handles: readonly string[];
  /**
   * The events that start a row under a new key (their `evolve` ignores the current row): the projector
   * inserts without reading first, and the row's primary key refuses a second start.
   */
  readonly creates?: readonly string[];
  /**
   * The events whose change to an existing row is columns computed from the event alone (what `evolve` does to
   * any row, a missing one left missing): the projector updates the row by its key without reading it first.
   */
  readonly sets?: Readonly<Record<string, (event: RecordedEvent) => Partial<Row>>>;
  key(event: RecordedEvent): FindOptionsWhere<Row>;
  evolve(row: Row | null, event: RecordedEvent): Row | null;
}

/** A read model change that needs no current row: a row an event starts, or columns it sets on one by key. */
export type DirectWrite =
  | { readonly entity: EntityTarget<ObjectLiteral>; readonly row: ObjectLiteral }
  | {
      readonly entity: EntityTarget<ObjectLiteral>;
      readonly key: ObjectLiteral;
      readonly values: ObjectLiteral;
    };

export class InlineProjector {
  constructor(private readonly projections: readonly RowProjection<ObjectLiteral>[]) {}

  /**
   * The read model changes of these events when none needs a current row (rows they start, or columns they set
   * by key); null when one does, or when a table would be both started and updated, or updated twice, by one
   * append (one statement neither sees its own inserts nor updates a row twice): then `apply` in a transaction.
   */
  directWrites(events: readonly RecordedEvent[]): DirectWrite[] | null {
    const writes: DirectWrite[] = [];
    const started = new Set<EntityTarget<ObjectLiteral>>();
    const updated = new Set<EntityTarget<ObjectLiteral>>();
    for (const event of events) {
      for (const projection of this.projections) {
        if (!projection.handles.includes(event.type)) continue;
        const sets = projection.sets?.[event.type];
        if (projection.creates?.includes(event.type)) {
          const row = projection.evolve(null, event);
          if (row) writes.push({ entity: projection.entity, row });
          started.add(projection.entity);
        } else if (sets && !updated.has(projection.entity)) {
          writes.push({ entity: projection.entity, key: projection.key(event), values: sets(event) });
          updated.add(projection.entity);
        } else {
          return null;
        }
      }
    }
    return [...updated].some((entity) => started.has(entity)) ? null : writes;
  }

  async apply(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      for (const projection of this.projections) {
        if (!projection.handles.includes(event.type)) continue;
        const repository = manager.getRepository(projection.entity);
        if (projection.creates?.includes(event.type)) {
          const created = projection.evolve(null, event);
          if (created) await repository.insert(created);
          continue;
        }
        const key = projection.key(event);
        const current = await repository.findOneBy(key);
        const next = projection.evolve(current, event);
        if (next && current) await repository.update(key, next);
        else if (next) await repository.insert(next);
        else if (current) await repository.delete(key);
      }
    }
  }
}

/**
 * The row a projection holds after these events, from the row it held before them (none: a new stream's): what
 * the append just wrote, without reading it back. The events must all be about that one row.
 */
export function projectedRow<Row extends ObjectLiteral>(
  projection: RowProjection<Row>,
  events: readonly RecordedEvent[],
  before: Row | null = null,
): Row | null {
  return events
    .filter((event) => projection.handles.includes(event.type))
    .reduce<Row | null>((row, event) => projection.evolve(row, event), before);
}
