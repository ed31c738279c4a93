import { OptionalImage, OptionalUsername } from '../messaging/fields.js';

/** The optional profile fields that sign-up sets and update-user changes. Username rules are the service's. */
export class OptionalProfileFields {
  /** `null`: no image. */
  @OptionalImage()
  image?: string | null;

  @OptionalUsername()
  username?: string;

  @OptionalUsername()
  displayUsername?: string;
}
