import { UserDeleted, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { DataSource } from 'typeorm';

/**
 * A deleted user's mails (addresses, names, links; the invitations they sent included) are personal data: they
 * go too, sent or not, and the user
 * is remembered as forgotten so that a mail request still on its way is not stored afterwards (both under the
 * user's mail lock: see the migration that defines `mailer.forget_user`).
 */
export async function forgetDeletedUser(event: PublishedEvent, dataSource: DataSource): Promise<void> {
  if (event.type !== UserDeleted.type) return;
  const { userId } = event.data as DataOf<typeof UserDeleted>;
  await preparedQuery(dataSource.manager, 'SELECT mailer.forget_user($1)', [userId]);
}
