import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

/** Sign-up with email and password. Password length rules are the service's (configurable, catalogue errors). */
export class RegisterUserRequest extends TracedRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name!: string;

  @IsEmail({}, { message: 'email must be a valid email' })
  @MaxLength(254)
  email!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  password!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  image?: string | null;

  /** Checked against the username rules by the service (catalogue errors). */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  displayUsername?: string;

  /** Where the verification link sends the user after verifying (already checked against trusted origins). */
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}
