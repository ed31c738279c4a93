import { createServer, type Server } from 'node:http';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { memoryAdapter } from 'better-auth/adapters/memory';
import { toNodeHandler } from 'better-auth/node';
import { passkey } from '@better-auth/passkey';
import { admin, emailOTP, jwt, magicLink, organization, twoFactor, username } from 'better-auth/plugins';
import { freePort } from '../free-port.js';

/** A mail the reference sent: whom to, and the link in it (or the one-time code and its type). */
export interface CapturedMail {
  readonly to: string;
  readonly url: string;
  readonly otp?: { readonly code: string; readonly type: string };
}

/** A second-factor code the reference mailed. */
export interface CapturedCode {
  readonly to: string;
  readonly code: string;
}

/** The tables better-auth 1.7 and the profile's plugins use; the memory adapter needs each to exist. */
const TABLES = ['user', 'session', 'account', 'verification', 'organization', 'member', 'invitation', 'team'];
const PLUGIN_TABLES = ['teamMember', 'jwks', 'passkey', 'twoFactor'];

export interface ReferenceOptions {
  readonly secret: string;
  /** The web client's origin, trusted beside the reference's own. */
  readonly webOrigin: string;
  /** The profile's google and github, pointed at local stand-ins (see provider-hosts.ts); none by default. */
  readonly socialProviders?: BetterAuthOptions['socialProviders'];
}

/** better-auth 1.7 in this process, configured as the reference profile (/work/shared/reference/README.md). */
export class ReferenceAuth {
  private constructor(
    readonly baseUrl: string,
    readonly mails: readonly CapturedMail[],
    readonly codes: readonly CapturedCode[],
    private readonly server: Server,
    private readonly database: Record<string, unknown[]>,
  ) {}

  static async start({ secret, webOrigin, socialProviders }: ReferenceOptions): Promise<ReferenceAuth> {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const database = Object.fromEntries([...TABLES, ...PLUGIN_TABLES].map((table) => [table, [] as unknown[]]));
    const mails: CapturedMail[] = [];
    const codes: CapturedCode[] = [];
    const capture = async ({ user, url }: { user: { email: string }; url: string }) => {
      mails.push({ to: user.email, url });
    };
    const auth = betterAuth({
      baseURL: baseUrl,
      basePath: '/api/auth',
      secret,
      telemetry: { enabled: false },
      // Its own defects (a numeric username) log stack traces; the test compares answers, not logs.
      logger: { disabled: true },
      database: memoryAdapter(database),
      trustedOrigins: [webOrigin, baseUrl, `http://127.0.0.1:${port}`],
      rateLimit: { enabled: false },
      socialProviders,
      // Under NODE_ENV=test better-auth skips its origin and callbackURL checks unless told not to.
      advanced: { disableOriginCheck: false },
      emailAndPassword: {
        enabled: true,
        minPasswordLength: 8,
        maxPasswordLength: 128,
        autoSignIn: true,
        requireEmailVerification: false,
        resetPasswordTokenExpiresIn: 3600,
        sendResetPassword: capture,
      },
      emailVerification: {
        sendVerificationEmail: capture,
        sendOnSignUp: true,
        autoSignInAfterVerification: true,
        expiresIn: 3600,
      },
      user: {
        changeEmail: {
          enabled: true,
          sendChangeEmailConfirmation: capture,
        },
        deleteUser: { enabled: true, sendDeleteAccountVerification: capture },
      },
      plugins: [
        username(),
        organization({
          teams: { enabled: true },
          sendInvitationEmail: async ({ email, id }) => {
            mails.push({ to: email, url: `${webOrigin}/accept-invitation/${id}` });
          },
        }),
        admin(),
        jwt(),
        // At its defaults: the RP ID is the base URL's host (localhost on both sides), the origin the request's.
        passkey(),
        magicLink({ sendMagicLink: async ({ email, url }) => void mails.push({ to: email, url }) }),
        emailOTP({
          sendVerificationOTP: async ({ email, otp, type }) =>
            void mails.push({ to: email, url: '', otp: { code: otp, type } }),
        }),
        // The second factors' profile: plugin defaults, the mail sender only.
        twoFactor({
          otpOptions: {
            sendOTP: async ({ user, otp }) => {
              codes.push({ to: user.email, code: otp });
            },
          },
        }),
      ],
    });
    const server = createServer(toNodeHandler(auth));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return new ReferenceAuth(baseUrl, mails, codes, server, database);
  }

  /** Gives the user with this email a role in the reference's store, as its server code would: the first admin. */
  setRole(email: string, role: string): void {
    const user = (this.database.user as { email: string; role?: string }[]).find((row) => row.email === email);
    if (!user) throw new Error(`the reference has no user ${email}`);
    user.role = role;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
