import { Logger } from '@nestjs/common';
import type { CaptchaSettings } from './captcha-settings.js';
import { isAcceptedAnswer, verificationRequestOf } from './captcha-verification.js';

/** The provider let the token pass, turned it down, or could not be asked (unreachable, too slow, not 2xx, not JSON). */
export type CaptchaVerdict = 'accepted' | 'rejected' | 'unavailable';

/** Asks the configured provider's siteverify API about one token, within the configured timeout. */
export class CaptchaVerifier {
  private readonly logger = new Logger('Captcha');

  constructor(private readonly settings: CaptchaSettings) {}

  async verify(token: string, remoteIp: string): Promise<CaptchaVerdict> {
    const { contentType, body } = verificationRequestOf(this.settings, token, remoteIp);
    try {
      const response = await fetch(this.settings.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
        // A redirect would carry the secret to wherever the answer points.
        redirect: 'error',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!response.ok) return this.unavailable(`answered ${response.status}`);
      return isAcceptedAnswer(this.settings, await response.json()) ? 'accepted' : 'rejected';
    } catch (error) {
      return this.unavailable(reasonOf(error));
    }
  }

  /** Logged without the token or the secret: the provider and what went wrong. */
  private unavailable(reason: string): CaptchaVerdict {
    this.logger.warn(`${this.settings.provider} siteverify failed: ${reason}`);
    return 'unavailable';
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof cause === 'string' ? `${error.message} (${cause})` : `${error.name}: ${error.message}`;
}
