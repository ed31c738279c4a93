import { preparedQuery } from '@authsvc/platform';
import type { EntityManager } from 'typeorm';

/**
 * Serialises storing a user's mail and forgetting the user. Mail requests and the deletion arrive through
 * different consumers, and replicas share them, so the deletion may be handled first or at the same time:
 * under this lock a mail is stored only if its user was not forgotten, and forgetting sees every stored mail.
 */
export async function lockUserMail(manager: EntityManager, userId: string): Promise<void> {
  await preparedQuery(manager, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`mailer-user:${userId}`]);
}
