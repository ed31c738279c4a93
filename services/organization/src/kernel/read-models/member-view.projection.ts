import { MemberAdded, MemberRemoved, MemberRoleChanged } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { MemberEntity } from './member.entity.js';

export function evolveMemberView(row: MemberEntity | null, event: RecordedEvent): MemberEntity | null {
  if (isEvent(event, MemberAdded)) {
    const { memberId, organizationId, userId, role, createdAt } = event.data;
    return Object.assign(new MemberEntity(), {
      id: memberId,
      organizationId,
      userId,
      role,
      createdAt: new Date(createdAt),
      version: event.streamPosition,
    });
  }
  if (isEvent(event, MemberRoleChanged) && row) {
    return Object.assign(row, { role: event.data.role, version: event.streamPosition });
  }
  if (isEvent(event, MemberRemoved)) return null;
  return row;
}

export const memberViewProjection: RowProjection<MemberEntity> = {
  entity: MemberEntity,
  handles: [MemberAdded.type, MemberRoleChanged.type, MemberRemoved.type],
  creates: [MemberAdded.type],
  key: (event) => ({ id: (event.data as { memberId: string }).memberId }),
  evolve: evolveMemberView,
};
