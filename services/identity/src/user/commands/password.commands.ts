import type {
  ChangePasswordRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
  UserView,
} from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RequestPasswordResetCommand extends Command<{ status: true; message: string }> {
  constructor(readonly request: RequestPasswordResetRequest) {
    super();
  }
}

export class ResetPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: ResetPasswordRequest) {
    super();
  }
}

export class ChangePasswordCommand extends Command<UserView> {
  constructor(readonly request: ChangePasswordRequest) {
    super();
  }
}

export class SetPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: SetPasswordRequest) {
    super();
  }
}
