import { UserDeleted, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import type { DataSource } from 'typeorm';
import { lockUserMail } from './user-mail-lock.js';

/**
 * A deleted user's mails (addresses, names, links) are personal data: they go too, sent or not, and the user
 * is remembered as forgotten so that a mail request still on its way is not stored afterwards.
 */
export async function forgetDeletedUser(event: PublishedEvent, dataSource: DataSource): Promise<void> {
  if (event.type !== UserDeleted.type) return;
  const { userId } = event.data as DataOf<typeof UserDeleted>;
  await dataSource.transaction(async (manager) => {
    await lockUserMail(manager, userId);
    await manager.query(
      'INSERT INTO mailer.forgotten_users (user_id, forgotten_at) VALUES ($1, now()) ON CONFLICT DO NOTHING',
      [userId],
    );
    await manager.query('DELETE FROM mailer.mails WHERE user_id = $1', [userId]);
  });
}
