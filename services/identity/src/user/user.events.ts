import { IdentityEventTypes } from '@authsvc/contracts';
import { EventUnion, type RecordedEventOf } from '@authsvc/platform';

/**
 * Every event a user's stream records, mail requests included: the one union the user's `evolve` switches over.
 * Every event the identity service declares is a user's, so the union is the contracts' list itself: an event
 * added there fails to compile until `evolve` handles it.
 */
export const userEvents = new EventUnion(IdentityEventTypes);

export type UserEvent = RecordedEventOf<typeof IdentityEventTypes>;
