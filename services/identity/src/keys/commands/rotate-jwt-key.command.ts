import type { JwtKeyRpc, ReplyOf, RotateJwtKeyRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RotateJwtKeyCommand extends Command<ReplyOf<typeof JwtKeyRpc.rotate>> {
  constructor(readonly request: RotateJwtKeyRequest) {
    super();
  }
}
