import { differencesAgainst, routesNeverSent } from './support/oracle/differential-checks.js';
import type { Pair } from './support/oracle/pair.js';
import { SocialFlow, SocialProviders } from './support/oracle/social-flow.js';
import { startPair } from './support/oracle/start-pair.js';
import { SOCIAL_SURFACE_DIFFERENCES } from './differential-social.allowed.js';
import { SOCIAL_STEPS } from './differential-social.sign-in-steps.js';

describe('social sign-in, linking and provider tokens, against better-auth 1.7 with google and github at the same local providers', () => {
  let providers: SocialProviders;
  let pair: Pair;
  let flow: SocialFlow;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    providers = await SocialProviders.start();
    const started = await startPair({
      env: providers.env(),
      socialProviders: providers.reference(),
      urlMask: providers.urlMask,
    });
    ({ pair, stop } = started);
    providers.allowCallbacksOf([started.stack.baseUrl, started.reference.baseUrl]);
    flow = new SocialFlow(pair, providers);
  });

  afterAll(async () => {
    await stop?.();
    await providers?.stop();
  });

  for (const step of SOCIAL_STEPS) {
    it(step.label, async () => {
      const answers = await step.run(flow, step.label);
      expect(answers.reference.shape).toMatchObject(step.reference);
    });
  }

  it('has sent requests to every route the social controllers declare', () => {
    const { declared, missed } = routesNeverSent(pair, 'social');
    expect(declared).toBeGreaterThan(2);
    expect(missed).toEqual([]);
  });

  it('differs from better-auth 1.7 only where the allow-list says, and every listed difference still exists', () => {
    expect(differencesAgainst(pair.differences, SOCIAL_SURFACE_DIFFERENCES)).toEqual({ unexpected: [], vanished: [] });
  });
});
