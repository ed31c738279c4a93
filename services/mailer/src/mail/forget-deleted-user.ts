import { UserDeleted, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import type { DataSource } from 'typeorm';

/** A deleted user's mails (addresses, names, links) are personal data: they go too, sent or not. */
export async function forgetDeletedUser(event: PublishedEvent, dataSource: DataSource): Promise<void> {
  if (event.type !== UserDeleted.type) return;
  const { userId } = event.data as DataOf<typeof UserDeleted>;
  await dataSource.query('DELETE FROM mailer.mails WHERE user_id = $1', [userId]);
}
