import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eventually } from './support/eventually.js';
import { uniqueEmail } from './support/http.js';
import { differencesAgainst, routesNeverSent } from './support/oracle/differential-checks.js';
import type { Pair, Side, SideName, WireRequest } from './support/oracle/pair.js';
import type { ReferenceAuth } from './support/oracle/reference-auth.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { startPair } from './support/oracle/start-pair.js';
import { TWO_FACTOR_DIFFERENCES } from './differential-two-factor.allowed.js';

const PASSWORD = 'correct-horse-1';
const auth = (path: string) => `/api/auth/${path}`;

describe('two-factor, against better-auth 1.7 with twoFactor()', () => {
  let pair: Pair;
  let stop: () => Promise<void>;
  let smtp: SmtpSink;
  let reference: ReferenceAuth;
  const emails = new Map<string, string>();
  const secrets: Record<SideName, Uint8Array | undefined> = { ours: undefined, reference: undefined };
  const backupCodes: Record<SideName, string[]> = { ours: [], reference: [] };
  const marker = `tf${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ pair, stop, smtp, reference } = await startPair());
    for (const actor of ['alice', 'bob']) {
      const email = uniqueEmail(`${marker}-${actor}`);
      emails.set(actor, email);
      await pair.send(`setup: sign-up ${actor}`, {
        path: auth('sign-up/email'),
        json: { email, password: PASSWORD, name: actor },
        as: actor,
      });
    }
  });

  afterAll(() => stop?.());

  const step = (label: string, as: string | undefined, path: string, json?: unknown) =>
    pair.send(label, { path: auth(path), json, as } as WireRequest);

  /** Each side's TOTP code `steps` periods from now, from the secret that side issued. */
  async function codes(steps = 0): Promise<Record<SideName, string>> {
    const counter = Math.floor(Date.now() / 30_000) + steps;
    return {
      ours: await createOTP(secrets.ours!).hotp(counter),
      reference: await createOTP(secrets.reference!).hotp(counter),
    };
  }
  const perSide = (label: string, as: string | undefined, path: string, json: (side: Side) => unknown) =>
    pair.send(label, (side) => ({ path: auth(path), json: json(side), as }));

  const signIn = (label: string, actor: string) =>
    step(label, actor, 'sign-in/email', { email: emails.get(actor), password: PASSWORD });

  /** The newest second-factor code each side mailed to the actor. */
  async function mailedCodes(actor: string): Promise<Record<SideName, string>> {
    const email = emails.get(actor)!;
    const ours = await eventually(
      async () =>
        smtp
          .mailsTo(email)
          .map((mail) => /one-time code:\s*(\d{6})/.exec(mail.content)?.[1])
          .filter((code) => code !== undefined)
          .at(-1),
      { what: 'our mailed code' },
    );
    return { ours, reference: reference.codes.filter((code) => code.to === email).at(-1)!.code };
  }

  it('enables TOTP with the password, and turns it on at the first code', async () => {
    await step('enable: wrong password', 'alice', 'two-factor/enable', { password: 'wrong-password-1' });
    await step('enable: without a session', undefined, 'two-factor/enable', { password: PASSWORD });
    await step('enable: without a password', 'alice', 'two-factor/enable', {});
    const enabled = await step('enable: totp', 'alice', 'two-factor/enable', { password: PASSWORD });
    for (const side of ['ours', 'reference'] as const) {
      const { totpURI, backupCodes: codes } = enabled[side].json as { totpURI: string; backupCodes: string[] };
      secrets[side] = base32.decode(new URL(totpURI).searchParams.get('secret')!);
      backupCodes[side] = codes;
    }
    await step('get-totp-uri', 'alice', 'two-factor/get-totp-uri', { password: PASSWORD });
    await step('get-totp-uri: wrong password', 'alice', 'two-factor/get-totp-uri', { password: 'wrong-password-1' });
    await step('verify-totp: a wrong code (session)', 'alice', 'two-factor/verify-totp', { code: '000000' });
    const first = await codes(-1);
    await perSide('verify-totp: the first code (session)', 'alice', 'two-factor/verify-totp', (side) => ({
      code: first[side.name],
    }));
    await step('get-session: two-factor on', 'alice', 'get-session');
    await step('enable: TOTP already verified', 'alice', 'two-factor/enable', { password: PASSWORD });
    const generated = await step('generate-backup-codes', 'alice', 'two-factor/generate-backup-codes', {
      password: PASSWORD,
    });
    for (const side of ['ours', 'reference'] as const) {
      backupCodes[side] = (generated[side].json as { backupCodes: string[] }).backupCodes;
    }
    await step('generate-backup-codes: not enabled', 'bob', 'two-factor/generate-backup-codes', {
      password: PASSWORD,
    });
    await step('get-totp-uri: no secret', 'bob', 'two-factor/get-totp-uri', { password: PASSWORD });
  });

  it('answers a sign-in with the challenge, and completes it by TOTP, mailed code or backup code', async () => {
    await signIn('sign-in: a two-factor user', 'alice');
    await step('verify-totp: validation', 'alice', 'two-factor/verify-totp', {});
    await step('verify-totp: a wrong code (challenge)', 'alice', 'two-factor/verify-totp', { code: '000000' });
    const right = await codes(0);
    await perSide('verify-totp: the right code (challenge)', 'alice', 'two-factor/verify-totp', (side) => ({
      code: right[side.name],
    }));
    await step('verify-totp: without a challenge', 'bob', 'two-factor/verify-totp', { code: '000000' });

    await signIn('sign-in: again, for a mailed code', 'alice');
    await step('verify-otp: nothing sent', 'alice', 'two-factor/verify-otp', { code: '123456' });
    await step('send-otp: challenge', 'alice', 'two-factor/send-otp', {});
    await step('verify-otp: a wrong code', 'alice', 'two-factor/verify-otp', { code: '000000' });
    const mailed = await mailedCodes('alice');
    await perSide('verify-otp: the mailed code', 'alice', 'two-factor/verify-otp', (side) => ({
      code: mailed[side.name],
    }));

    await signIn('sign-in: again, for a backup code', 'alice');
    await step('verify-backup-code: a wrong code', 'alice', 'two-factor/verify-backup-code', { code: 'aaaaa-bbbbb' });
    await perSide('verify-backup-code: a right code', 'alice', 'two-factor/verify-backup-code', (side) => ({
      code: backupCodes[side.name][0],
    }));
    await signIn('sign-in: again, for a spent backup code', 'alice');
    await perSide('verify-backup-code: a spent code', 'alice', 'two-factor/verify-backup-code', (side) => ({
      code: backupCodes[side.name][0],
    }));
    await step('generate-backup-codes: no session', undefined, 'two-factor/generate-backup-codes', {
      password: PASSWORD,
    });
  });

  it('trusts a device, and disables with the password', async () => {
    await signIn('sign-in: to trust the device', 'alice');
    const trust = await codes(1);
    await perSide('verify-totp: trusting the device', 'alice', 'two-factor/verify-totp', (side) => ({
      code: trust[side.name],
      trustDevice: true,
    }));
    await signIn('sign-in: from the trusted device', 'alice');
    await step('disable: wrong password', 'alice', 'two-factor/disable', { password: 'wrong-password-1' });
    await step('disable', 'alice', 'two-factor/disable', { password: PASSWORD });
    await step('get-session: two-factor off', 'alice', 'get-session');
    await signIn('sign-in: after disable', 'alice');
    await step('admin: factors, not an admin', 'bob', `admin/two-factor?userId=nobody`);
    await step('admin: reset, not an admin', 'bob', 'admin/reset-two-factor', { userId: 'nobody' });
  });

  it('has sent requests to every route the two-factor controllers declare', () => {
    const { declared, missed } = routesNeverSent(pair, 'two-factor');
    expect(declared).toBeGreaterThan(9);
    expect(missed).toEqual([]);
  });

  it('differs from better-auth 1.7 only where the allow-list says, and every listed difference still exists', () => {
    expect(differencesAgainst(pair.differences, TWO_FACTOR_DIFFERENCES)).toEqual({ unexpected: [], vanished: [] });
  });
});
