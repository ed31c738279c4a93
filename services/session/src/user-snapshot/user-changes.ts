import type { UserView } from '@authsvc/contracts';

/**
 * Where the user views report that a user changed, or may be changing: whatever was built from the user's older
 * view (and carries their version) goes. Implemented by the holder of such copies.
 */
export abstract class UserChanges {
  /** A request that may change the user is under way: the copies go (the new view is not known yet). */
  abstract mayChange(userId: string): Promise<void>;

  /**
   * A change of the user was applied: `view` is their newest (null once deleted), and the copies go. False when
   * that could not be done (Redis unreachable): the change must be reported again.
   */
  abstract changed(userId: string, view: UserView | null): Promise<boolean>;
}
