import { Flag, Id, LIMITS, NullableText, NullableTimestamp, Text, Timestamp } from '../messaging/fields.js';

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
  /** Admin plugin: the user's role names, comma-joined ('user' unless an admin chose others). */
  readonly role: string;
  /** Admin plugin: a banned user starts no session until unbanned or `banExpires` passes. */
  readonly banned: boolean;
  readonly banReason: string | null;
  /** When the ban lifts itself (ISO); null: never, or not banned. */
  readonly banExpires: string | null;
  /** Two-factor plugin: every sign-in of the user needs a second factor. */
  readonly twoFactorEnabled: boolean;
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

  @Text(LIMITS.role)
  role!: string;

  @Flag()
  banned!: boolean;

  @NullableText(LIMITS.banReason)
  banReason!: string | null;

  @NullableTimestamp()
  banExpires!: string | null;

  @Flag()
  twoFactorEnabled!: boolean;

  @Timestamp()
  createdAt!: string;

  @Timestamp()
  updatedAt!: string;
}
