import { IsOptional } from 'class-validator';
import { Id, LIMITS, NonEmptyText, OptionalImage, OptionalUsername } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

/** A signed-in user's profile change: only the fields given change. Username rules are the service's. */
export class UpdateUserRequest extends TracedRequest {
  @Id()
  userId!: string;

  @IsOptional()
  @NonEmptyText(LIMITS.name)
  name?: string;

  /** `null` removes the image. */
  @OptionalImage()
  image?: string | null;

  @OptionalUsername()
  username?: string;

  @OptionalUsername()
  displayUsername?: string;
}
