import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** POST /sign-up/email. Password length is the identity service's rule (catalogue errors, not validation). */
export class SignUpEmailBody {
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name!: string;

  @IsEmail()
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

  /** Username rules (length, characters, uniqueness) are the identity service's: catalogue errors. */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  displayUsername?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}
