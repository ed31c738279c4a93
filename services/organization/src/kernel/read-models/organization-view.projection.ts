import { OrganizationCreated, OrganizationDeleted, OrganizationUpdated } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { OrganizationEntity } from './organization.entity.js';

export function evolveOrganizationView(
  row: OrganizationEntity | null,
  event: RecordedEvent,
): OrganizationEntity | null {
  if (isEvent(event, OrganizationCreated)) {
    const { organizationId, name, slug, logo, metadata, createdAt } = event.data;
    return Object.assign(new OrganizationEntity(), {
      id: organizationId,
      name,
      slug,
      logo,
      metadata,
      createdAt: new Date(createdAt),
    });
  }
  if (isEvent(event, OrganizationUpdated) && row) {
    const { name, slug, logo, metadata } = event.data;
    return Object.assign(row, {
      ...(name !== undefined && { name }),
      ...(slug !== undefined && { slug }),
      ...(logo !== undefined && { logo }),
      ...(metadata !== undefined && { metadata }),
    });
  }
  if (isEvent(event, OrganizationDeleted)) return null;
  return row;
}

export const organizationViewProjection: RowProjection<OrganizationEntity> = {
  entity: OrganizationEntity,
  handles: [OrganizationCreated.type, OrganizationUpdated.type, OrganizationDeleted.type],
  creates: [OrganizationCreated.type],
  key: (event) => ({ id: (event.data as { organizationId: string }).organizationId }),
  evolve: evolveOrganizationView,
};
