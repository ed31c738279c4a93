import { IsString, MaxLength } from 'class-validator';
import { TracedRequest } from '../messaging/traced-request.js';

/** Checks an email and password pair; the email's format is the service's rule (catalogue error). */
export class VerifyPasswordRequest extends TracedRequest {
  @IsString()
  @MaxLength(320)
  email!: string;

  @IsString()
  @MaxLength(4096)
  password!: string;
}
