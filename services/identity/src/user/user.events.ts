import {
  AccountDeletionRequested,
  CredentialAccountCreated,
  EmailChanged,
  EmailChangeApprovalRequested,
  EmailChangeVerificationRequested,
  EmailVerified,
  PasswordChanged,
  PasswordResetRequested,
  UserDeleted,
  UserRegistered,
  UserUpdated,
  VerificationEmailRequested,
} from '@authsvc/contracts';
import { EventUnion, type RecordedEventOf } from '@authsvc/platform';

const definitions = {
  UserRegistered,
  CredentialAccountCreated,
  VerificationEmailRequested,
  EmailVerified,
  UserUpdated,
  PasswordResetRequested,
  PasswordChanged,
  AccountDeletionRequested,
  UserDeleted,
  EmailChangeApprovalRequested,
  EmailChangeVerificationRequested,
  EmailChanged,
};

/** Every event a user's stream records, mail requests included: the one union the user's `evolve` switches over. */
export const userEvents = new EventUnion(definitions);

export type UserEvent = RecordedEventOf<typeof definitions>;
