import { indexAllEventsBySubject, indexOnlyPersonalEvents } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The events' subject index holds only the events with personal data (see `indexOnlyPersonalEvents`). */
export class PersonalEventsIndex1765300000000 implements MigrationInterface {
  name = 'PersonalEventsIndex1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await indexOnlyPersonalEvents(runner, 'identity');
  }

  async down(runner: QueryRunner): Promise<void> {
    await indexAllEventsBySubject(runner, 'identity');
  }
}
