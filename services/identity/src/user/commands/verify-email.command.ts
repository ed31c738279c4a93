import type { UserView, VerifyEmailRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

/** `verifiedNow` is true only for the click that verified the address: only that one may sign in. */
export interface VerifiedEmail {
  readonly user: UserView;
  readonly verifiedNow: boolean;
}

export class VerifyEmailCommand extends Command<VerifiedEmail> {
  constructor(readonly request: VerifyEmailRequest) {
    super();
  }
}
