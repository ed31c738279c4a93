import type { GetJwtKeySetRequest, JwtKeySetView, JwtKeyView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { JwtKeyReads } from '../jwt-key-reads.js';
import { isRotationDue, rotationDueAt, type RotationPolicy } from '../jwt-key-rotation.js';
import { JWT_ROTATION_POLICY, JwtKeyStream } from '../jwt-key-stream.js';

export class ProvideJwtKeySetCommand extends Command<JwtKeySetView> {
  constructor(readonly request: GetJwtKeySetRequest) {
    super();
  }
}

/**
 * The keys a gateway signs and publishes with. Asked once per gateway and then on each rotation, not per token.
 * The first ask creates the first key; an ask once the current key is due replaces it, so rotation needs no timer
 * (a gateway asks again at `rotatesAt`). Racing replicas decide on the same stream: one key wins.
 */
@CommandHandler(ProvideJwtKeySetCommand)
export class ProvideJwtKeySetHandler implements ICommandHandler<ProvideJwtKeySetCommand, JwtKeySetView> {
  constructor(
    private readonly reads: JwtKeyReads,
    private readonly stream: JwtKeyStream,
    @Inject(JWT_ROTATION_POLICY) private readonly policy: RotationPolicy,
  ) {}

  async execute({ request }: ProvideJwtKeySetCommand): Promise<JwtKeySetView> {
    const context = { correlationId: request.correlationId };
    let keys = await this.reads.stillOfUse(new Date(), request.tokenLifetimeSeconds);
    const current = keys.at(-1);
    const reason = !current ? 'first-use' : isRotationDue(times(current), new Date(), this.policy) ? 'scheduled' : null;
    if (reason) {
      await this.stream.issue(reason, context);
      keys = await this.reads.stillOfUse(new Date(), request.tokenLifetimeSeconds);
    }
    const newest = keys.at(-1);
    const rotatesAt = newest ? rotationDueAt(times(newest), this.policy) : null;
    return { keys, rotatesAt: rotatesAt?.toISOString() ?? null };
  }
}

function times(key: JwtKeyView) {
  return { signsFrom: new Date(key.signsFrom), sealedWith: key.sealedWith };
}
