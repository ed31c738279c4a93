import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, passwordLengthRule, type IdentityConfig } from '../../identity.config.js';
import { rankedCommonPasswords } from '../../password/common-password-list.js';
import {
  assertAcceptablePassword,
  commonPasswords,
  type GuessablePasswords,
  type PasswordLengthRule,
} from './password-policy.js';

/** The rule every password a user chooses goes through: sign-up, change, reset and set. */
@Injectable()
export class NewPasswordPolicy {
  private readonly rule: PasswordLengthRule;
  private readonly refused: GuessablePasswords;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.rule = passwordLengthRule(config);
    this.refused = {
      common:
        config.COMMON_PASSWORDS_REFUSED > 0
          ? commonPasswords(rankedCommonPasswords(), this.rule, config.COMMON_PASSWORDS_REFUSED)
          : new Set(),
      contextWords: config.PASSWORD_CONTEXT_WORDS.map((word) => word.toLowerCase()),
    };
  }

  assertAcceptable(password: string): void {
    assertAcceptablePassword(password, this.rule, this.refused);
  }
}
