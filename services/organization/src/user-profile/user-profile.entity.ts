import { UserSnapshotRow } from '@authsvc/identity-users';
import { Entity } from 'typeorm';

/**
 * The organization service's copy of identity's users, which member reads take `user {id, name, email, image}`
 * from (one join) and removal by email looks members up in; identity's tables are never read.
 */
@Entity({ name: 'user_profiles' })
export class UserProfileEntity extends UserSnapshotRow {}
