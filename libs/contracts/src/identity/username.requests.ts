import { IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

/** Sign-in with a username; the username rules are the service's (catalogue errors). */
export class VerifyUsernamePasswordRequest extends TracedRequest {
  @IsString()
  @MaxLength(256)
  username!: string;

  @IsString()
  @MaxLength(4096)
  password!: string;
}

export class UsernameAvailabilityRequest extends TracedRequest {
  @IsString()
  @MaxLength(256)
  username!: string;
}
