import { IsString, MaxLength, MinLength } from 'class-validator';

export class RevokeSessionBody {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  token!: string;
}
