import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

export class SendVerificationEmailBody {
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}
