import { Flag, Id, LIMITS, NullableText, Text, Timestamp } from '../messaging/fields.js';

/** The public user object of every auth answer (dates as ISO strings). */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly image: string | null;
  readonly emailVerified: boolean;
  /** Lower-cased, unique; null for users without one. */
  readonly username: string | null;
  /** The username as the user typed it. */
  readonly displayUsername: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A `UserView` inside a message, checked field by field like every payload. */
export class UserViewPayload implements UserView {
  @Id()
  id!: string;

  @Text(LIMITS.email)
  email!: string;

  @Text(LIMITS.name)
  name!: string;

  @NullableText(LIMITS.url)
  image!: string | null;

  @Flag()
  emailVerified!: boolean;

  @NullableText(LIMITS.username)
  username!: string | null;

  @NullableText(LIMITS.username)
  displayUsername!: string | null;

  @Timestamp()
  createdAt!: string;

  @Timestamp()
  updatedAt!: string;
}
