import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { RecordedEvent } from './recorded-event.js';

/**
 * A read model row kept by a pure `evolve`: given the current row (or null) and an event, the next row
 * (or null to delete it). Applied inline, in the transaction of the append, by the generic projector.
 */
export interface RowProjection<Row extends ObjectLiteral> {
  readonly entity: EntityTarget<Row>;
  readonly handles: readonly string[];
  key(event: RecordedEvent): FindOptionsWhere<Row>;
  evolve(row: Row | null, event: RecordedEvent): Row | null;
}

export class InlineProjector {
  constructor(private readonly projections: readonly RowProjection<ObjectLiteral>[]) {}

  async apply(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      for (const projection of this.projections) {
        if (!projection.handles.includes(event.type)) continue;
        const repository = manager.getRepository(projection.entity);
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
