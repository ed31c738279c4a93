import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

export class ChangeEmailBody {
  @IsEmail()
  @MaxLength(254)
  newEmail!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}
