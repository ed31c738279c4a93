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
  key(event: RecordedEvent): FindOptionsWhere<Row>;
  evolve(row: Row | null, event: RecordedEvent): Row | null;
}

/** A row an event starts, to be inserted as it is. */
export interface StartedRow {
  readonly entity: EntityTarget<ObjectLiteral>;
  readonly row: ObjectLiteral;
}

export class InlineProjector {
  constructor(private readonly projections: readonly RowProjection<ObjectLiteral>[]) {}

  /**
   * The rows these events start, when starting rows is all they do to the read models; null when one of
   * them needs a current row (then `apply` in a transaction).
   */
  startedRows(events: readonly RecordedEvent[]): StartedRow[] | null {
    const rows: StartedRow[] = [];
    for (const event of events) {
      for (const projection of this.projections) {
        if (!projection.handles.includes(event.type)) continue;
        if (!projection.creates?.includes(event.type)) return null;
        const row = projection.evolve(null, event);
        if (row) rows.push({ entity: projection.entity, row });
      }
    }
    return rows;
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
 * The row a projection holds after these events of a new stream: what the append just wrote, without
 * reading it back.
 */
export function projectedRow<Row extends ObjectLiteral>(
  projection: RowProjection<Row>,
  events: readonly RecordedEvent[],
): Row | null {
  return events
    .filter((event) => projection.handles.includes(event.type))
    .reduce<Row | null>((row, event) => projection.evolve(row, event), null);
}
