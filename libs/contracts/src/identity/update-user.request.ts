import { IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

/** A signed-in user's profile change: only the fields given change. Username rules are the service's. */
export class UpdateUserRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name?: string;

  /** `null` removes the image. */
  @ValidateIf((request: UpdateUserRequest) => request.image !== null && request.image !== undefined)
  @IsString()
  @MaxLength(2048)
  image?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  displayUsername?: string;
}
