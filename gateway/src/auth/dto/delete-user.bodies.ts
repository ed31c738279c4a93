import { IsOptional, IsString, MaxLength } from 'class-validator';

export class DeleteUserBody {
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;

  @IsOptional()
  @IsString()
  @MaxLength(4096)
  password?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  token?: string;
}

export class DeleteUserCallbackQueryParams {
  @IsString()
  @MaxLength(256)
  token!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  callbackURL?: string;
}
