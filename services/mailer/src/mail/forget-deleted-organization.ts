import { OrganizationDeleted, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { DataSource } from 'typeorm';

/**
 * A deleted organization's invitation mails (addresses, names, links) are personal data under its key: they go
 * too, sent or not, and the organization is remembered as forgotten so that an invitation still on its way is
 * not stored afterwards (both under the organization's mail lock: see `mailer.forget_organization`'s migration).
 */
export async function forgetDeletedOrganization(event: PublishedEvent, dataSource: DataSource): Promise<void> {
  if (event.type !== OrganizationDeleted.type) return;
  const { organizationId } = event.data as DataOf<typeof OrganizationDeleted>;
  await preparedQuery(dataSource.manager, 'SELECT mailer.forget_organization($1)', [organizationId]);
}
