import { LIMITS, OptionalText } from '@authsvc/contracts';

/**
 * The fields of a provider's callback (query of the GET, form or JSON body of Apple's form_post POST), each at most
 * once: a field given twice is an array and fails validation, as in the reference.
 */
export class SocialCallbackFields {
  @OptionalText(LIMITS.signedToken)
  code?: string;

  @OptionalText(LIMITS.token)
  state?: string;

  @OptionalText(LIMITS.name)
  error?: string;

  @OptionalText(LIMITS.url)
  error_description?: string;

  @OptionalText(LIMITS.token)
  device_id?: string;

  @OptionalText(LIMITS.metadata)
  user?: string;

  @OptionalText(LIMITS.url)
  iss?: string;
}
