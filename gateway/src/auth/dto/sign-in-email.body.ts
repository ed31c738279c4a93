import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /sign-in/email. The email's format is checked by the identity service (400 INVALID_EMAIL). */
export class SignInEmailBody {
  @IsString()
  @MaxLength(320)
  email!: string;

  @IsString()
  @MaxLength(4096)
  password!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}
