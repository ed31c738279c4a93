import type { GetJwtKeySetRequest, JwtKeySetView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ProvideJwtKeySetCommand extends Command<JwtKeySetView> {
  constructor(readonly request: GetJwtKeySetRequest) {
    super();
  }
}
