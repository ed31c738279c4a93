import type { SmtpSink } from '../smtp-sink.js';
import { TestStack } from '../test-stack.js';
import { Pair } from './pair.js';
import { ReferenceAuth, type ReferenceOptions } from './reference-auth.js';
import type { UrlMask } from './wire-shape.js';

/** Both sides' AUTH_SECRET, for a suite that signs what each side would (an expired link). */
export const SECRET = 'differential-test-secret-0123456789abcdef';
export const WEB_ORIGIN = 'http://localhost:5173';

/**
 * Our stack configured like the reference profile (rate limits off, the web client trusted, deletion confirmed
 * by mail) and better-auth 1.7 as the oracle beside it; `stop` ends both.
 */
export async function startPair({
  env = {},
  ignoredKeys = new Set<string>(),
  socialProviders,
  urlMask,
}: {
  env?: Record<string, string>;
  ignoredKeys?: ReadonlySet<string>;
  socialProviders?: ReferenceOptions['socialProviders'];
  urlMask?: UrlMask;
} = {}): Promise<{
  pair: Pair;
  stop: () => Promise<void>;
  /** Each side itself, for the set-up a suite does outside HTTP (making the first admin). */
  stack: TestStack;
  reference: ReferenceAuth;
  /** Our side's mails (what the links leave out: mailed codes). */
  smtp: SmtpSink;
}> {
  const [{ stack, smtp }, reference] = await Promise.all([
    TestStack.startWithSmtp({
      AUTH_SECRET: SECRET,
      TRUSTED_ORIGINS: WEB_ORIGIN,
      RATE_LIMIT_ENABLED: 'false',
      DELETE_USER_SEND_VERIFICATION: 'true',
      ...env,
    }),
    ReferenceAuth.start({ secret: SECRET, webOrigin: WEB_ORIGIN, socialProviders }),
  ]);
  const stop = async () => {
    await Promise.all([stack.stop(), reference.stop()]);
  };
  return {
    pair: Pair.of(stack, smtp, reference, { webOrigin: WEB_ORIGIN, ignoredKeys, urlMask }),
    stop,
    stack,
    reference,
    smtp,
  };
}
