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
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { nestedContract } from './contract-instance.js';
import { isImageUrl } from './image-url.js';
import { freeTextHoldsControlCharacter, nestedDeeperThan, ownCharacterRule } from './input-shape.js';

/**
 * The field rules shared by the gateway's request bodies and the contracts' payloads, so that both ends of
 * a message check a field the same way. Limits here only bound the input; domain rules (password and
 * username lengths) are the services' and answer with catalogue errors.
 */
type FieldDecorator = (target: object, property: string) => void;

function all(...decorators: FieldDecorator[]): FieldDecorator {
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
  /** Levels of objects and arrays any input may nest (deeper ones would overflow a serializer's stack). */
  inputDepth: 32,
  /** Levels of objects and arrays a free JSON field (metadata) may nest. */
  jsonDepth: 8,
};

export const Text = (max: number): FieldDecorator => all(IsString(), MaxLength(max));
export const OptionalText = (max: number): FieldDecorator => all(IsOptional(), IsString(), MaxLength(max));
export const NonEmptyText = (max: number): FieldDecorator => all(IsString(), MinLength(1), MaxLength(max));
export const OptionalNonEmptyText = (max: number): FieldDecorator =>
  all(IsOptional(), IsString(), MinLength(1), MaxLength(max));

export const Id = (): FieldDecorator => Text(LIMITS.id);
export const OptionalId = (): FieldDecorator => OptionalText(LIMITS.id);
export const Token = (): FieldDecorator => Text(LIMITS.token);
/** A password: any character counts, control characters included (ASVS 6.2.9); only its length is bounded. */
export const Password = (): FieldDecorator => all(Text(LIMITS.password), ownCharacterRule());
export const NonEmptyPassword = (): FieldDecorator => all(NonEmptyText(LIMITS.password), ownCharacterRule());
export const OptionalPassword = (): FieldDecorator => all(OptionalText(LIMITS.password), ownCharacterRule());
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

const ImageUrl = (): FieldDecorator =>
  all(
    IsString(),
    MaxLength(LIMITS.url),
    ValidateBy({
      name: 'imageUrl',
      validator: { validate: isImageUrl, defaultMessage: () => '$property must be an https URL' },
    }),
  );

/** A profile image URL (see `isImageUrl`), or `null` to have none. */
export const OptionalImage = (): FieldDecorator =>
  all(
    ValidateIf((object: { image?: unknown }) => object.image !== null && object.image !== undefined),
    ImageUrl(),
  );

/** A logo URL (see `isImageUrl`); absent or `null`: none given. */
export const OptionalImageUrl = (): FieldDecorator => all(IsOptional(), ImageUrl());

/**
 * A free JSON object (a WebAuthn answer): at most `LIMITS.jsonDepth` levels and `maxLength` characters as JSON
 * text, and no control characters in its keys and strings but tabs and line breaks.
 */
export const JsonObject = (maxLength: number): FieldDecorator =>
  all(
    IsObject(),
    ValidateBy({
      name: 'boundedJson',
      validator: {
        // Checked beside IsObject (every rule runs): anything else is that rule's refusal, not a crash here.
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !nestedDeeperThan(value, LIMITS.jsonDepth) &&
          JSON.stringify(value).length <= maxLength &&
          !freeTextHoldsControlCharacter(value),
        defaultMessage: () => `$property must be a JSON object of at most ${maxLength} characters`,
      },
    }),
    ownCharacterRule(),
  );

/** As `JsonObject`, or absent (an organization's metadata). */
export const OptionalJsonObject = (maxLength: number): FieldDecorator => all(IsOptional(), JsonObject(maxLength));

/** Another contract's object (not an array, not null), checked with that class's rules. */
export const Nested = (classOf: () => new () => object): FieldDecorator =>
  all(IsObject(), ValidateNested(), nestedContract(classOf));
