import { IsOptional, IsString, MaxLength } from 'class-validator';

export class VerifyEmailQueryParams {
  @IsString()
  @MaxLength(4096)
  token!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}
