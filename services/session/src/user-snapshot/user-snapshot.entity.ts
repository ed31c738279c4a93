import { UserSnapshotRow } from '@authsvc/identity-users';
import { Entity } from 'typeorm';

/** The session service's copy of identity's users, which every session answer carries the user from. */
@Entity({ name: 'user_snapshots' })
export class UserSnapshotEntity extends UserSnapshotRow {}
