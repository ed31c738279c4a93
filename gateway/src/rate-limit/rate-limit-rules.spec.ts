import 'reflect-metadata';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import { AccountController } from '../auth/account.controller.js';
import { DeleteUserController } from '../auth/delete-user.controller.js';
import { PasswordController } from '../auth/password.controller.js';
import { SessionController } from '../auth/session.controller.js';
import { SignInController } from '../auth/sign-in.controller.js';
import { SignUpController } from '../auth/sign-up.controller.js';
import { StatusController } from '../auth/status.controller.js';
import { VerificationController } from '../auth/verification.controller.js';
import { MagicLinkController } from '../passwordless/magic-link.controller.js';
import { EmailOtpController } from '../passwordless/email-otp.controller.js';
import { InvitationController } from '../organization/invitation.controller.js';
import { CREDENTIAL_RULE, DEFAULT_RULE, rateLimitRuleOf } from './rate-limit-rules.js';

const ruleOfHandler = (controller: { prototype: object }, handler: string) =>
  rateLimitRuleOf(
    Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, (controller.prototype as Record<string, object>)[handler]),
  );

describe('rate limit rules bound to routes', () => {
  it.each([
    [SignInController, 'signInEmail'],
    [SignInController, 'signInUsername'],
    [SignUpController, 'signUpEmail'],
    [PasswordController, 'requestReset'],
    [PasswordController, 'followResetLink'],
    [PasswordController, 'resetPassword'],
    [PasswordController, 'changePassword'],
    [PasswordController, 'verifyPassword'],
    [DeleteUserController, 'deleteUser'],
    [AccountController, 'changeEmail'],
    [VerificationController, 'send'],
    [MagicLinkController, 'send'],
    [MagicLinkController, 'verify'],
    [MagicLinkController, 'confirm'],
    [EmailOtpController, 'send'],
    [EmailOtpController, 'check'],
    [EmailOtpController, 'signIn'],
    [EmailOtpController, 'verifyEmail'],
    [EmailOtpController, 'requestPasswordReset'],
    [EmailOtpController, 'forgetPassword'],
    [EmailOtpController, 'resetPassword'],
    [InvitationController, 'invite'],
  ])('%p.%s checks a password or sends mail: 3 per 10 s, refused when it cannot be counted', (controller, handler) => {
    expect(ruleOfHandler(controller, handler)).toEqual({ windowMs: 10_000, max: 3, failClosed: true });
    expect(ruleOfHandler(controller, handler)).toBe(CREDENTIAL_RULE);
  });

  it.each([
    [SessionController, 'getSession'],
    [SessionController, 'signOut'],
    [StatusController, 'ok'],
  ])('%p.%s gets the default 100 per 10 s and passes when it cannot be counted', (controller, handler) => {
    expect(ruleOfHandler(controller, handler)).toBe(DEFAULT_RULE);
    expect(DEFAULT_RULE).toEqual({ windowMs: 10_000, max: 100, failClosed: false });
  });
});
