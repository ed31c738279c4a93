import type { CommandContext } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import type { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { VerificationLinks } from './verification-links.js';

/**
 * Mails the new address of an email change the link that makes it the user's (verified) email: an unverified
 * user's at once (`approvalTokenId` null), a verified user's once the approval link (`approvalTokenId`, used up by
 * this) was followed.
 */
@Injectable()
export class NewAddressMail {
  constructor(
    private readonly links: VerificationLinks,
    private readonly users: UserStream,
  ) {}

  async send(
    user: UserEntity,
    newEmail: string,
    callbackURL: string | undefined,
    approvalTokenId: string | null,
    context: CommandContext,
  ): Promise<void> {
    const link = await this.links.createEmailChange(
      'change-email-verification',
      { email: user.email, userId: user.id },
      newEmail,
      callbackURL,
      context.now,
    );
    await this.users.execute(
      user.id,
      {
        type: 'RequestNewEmailVerification',
        email: newEmail,
        name: user.name,
        url: link.url,
        expiresAt: link.expiresAt,
        approvalTokenId,
      },
      context,
    );
  }
}
