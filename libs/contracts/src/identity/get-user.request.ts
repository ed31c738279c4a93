import { IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

export class GetUserRequest extends TracedRequest {
  @IsString()
  @MaxLength(64)
  userId!: string;
}
