import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /sign-in/username. Empty values and the username rules are the identity service's answers. */
export class SignInUsernameBody {
  @IsString()
  @MaxLength(256)
  username!: string;

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
