import { createAppliedCommands, dropAppliedCommands } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The record of the commands each append was made for, so a retried command is applied once (`AppliedCommands`). */
export class AppliedCommands1765620000000 implements MigrationInterface {
  name = 'AppliedCommands1765620000000';

  async up(runner: QueryRunner): Promise<void> {
    await createAppliedCommands(runner, 'identity');
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropAppliedCommands(runner, 'identity');
  }
}
