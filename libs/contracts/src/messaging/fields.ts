import {
  IsBoolean,
  IsEmail,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { nestedContract } from './contract-instance.js';

/**
 * The field rules shared by the gateway's request bodies and the contracts' payloads, so that both ends of
 * a message check a field the same way. Limits here only bound the input; domain rules (password and
 * username lengths) are the services' and answer with catalogue errors.
 */
type FieldDecorator = (target: object, property: string) => void;

function all(...decorators: PropertyDecorator[]): FieldDecorator {
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

export const LIMITS = {
  id: 64,
  token: 256,
  /** A session's token (cookie value). */
  sessionToken: 128,
  /** A signed token carried whole in a link (the verification links' JWT). */
  signedToken: 4096,
  correlationId: 128,
  url: 2048,
  password: 4096,
  name: 256,
  username: 256,
  email: 254,
  ipAddress: 64,
  userAgent: 1024,
  /** One role name, or several comma-separated. */
  role: 256,
  banReason: 1024,
  slug: 256,
  /** An organization's metadata, as JSON text. */
  metadata: 16384,
};

export const Text = (max: number): FieldDecorator => all(IsString(), MaxLength(max));
export const OptionalText = (max: number): FieldDecorator => all(IsOptional(), IsString(), MaxLength(max));
export const NonEmptyText = (max: number): FieldDecorator => all(IsString(), MinLength(1), MaxLength(max));
export const OptionalNonEmptyText = (max: number): FieldDecorator =>
  all(IsOptional(), IsString(), MinLength(1), MaxLength(max));

export const Id = (): FieldDecorator => Text(LIMITS.id);
export const OptionalId = (): FieldDecorator => OptionalText(LIMITS.id);
export const Token = (): FieldDecorator => Text(LIMITS.token);
export const Password = (): FieldDecorator => Text(LIMITS.password);
export const OptionalPassword = (): FieldDecorator => OptionalText(LIMITS.password);
export const OptionalUrl = (): FieldDecorator => OptionalText(LIMITS.url);
export const OptionalUsername = (): FieldDecorator => OptionalText(LIMITS.username);
export const OptionalBoolean = (): FieldDecorator => all(IsOptional(), IsBoolean());
export const Flag = (): FieldDecorator => all(IsBoolean());
export const Timestamp = (): FieldDecorator => all(IsISO8601({ strict: true }));
export const OptionalTimestamp = (): FieldDecorator => all(IsOptional(), IsISO8601({ strict: true }));
/** A count in a query string (limit, offset): digits, as query values arrive as strings. */
export const OptionalCount = (): FieldDecorator => all(IsOptional(), Matches(/^\d{1,7}$/));
/** An ISO time, or `null` (not absent). */
export const NullableTimestamp = (): FieldDecorator =>
  all(
    ValidateIf((_object: object, value: unknown) => value !== null),
    IsISO8601({ strict: true }),
  );
/** A string, or `null` (not absent). */
export const NullableText = (max: number): FieldDecorator =>
  all(
    ValidateIf((_object: object, value: unknown) => value !== null),
    IsString(),
    MaxLength(max),
  );
/** Absent, `null`, or a string. */
export const OptionalNullableText = (max: number): FieldDecorator => all(IsOptional(), IsString(), MaxLength(max));
export const Email = (): FieldDecorator => all(IsEmail(), MaxLength(LIMITS.email));

/** A profile image URL, or `null` to have none. */
export const OptionalImage = (): FieldDecorator =>
  all(
    ValidateIf((object: { image?: unknown }) => object.image !== null && object.image !== undefined),
    IsString(),
    MaxLength(LIMITS.url),
  );

/** Another contract's object (not an array, not null), checked with that class's rules. */
export const Nested = (classOf: () => new () => object): FieldDecorator =>
  all(IsObject(), ValidateNested(), nestedContract(classOf));
