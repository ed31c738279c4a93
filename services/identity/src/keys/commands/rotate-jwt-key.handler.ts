import { type JwtKeyRpc, type ReplyOf, type RotateJwtKeyRequest, JwtKeyIssued, type DataOf } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JwtKeyStream } from '../jwt-key-stream.js';

export class RotateJwtKeyCommand extends Command<ReplyOf<typeof JwtKeyRpc.rotate>> {
  constructor(readonly request: RotateJwtKeyRequest) {
    super();
  }
}

/** A new key signs from now; the gateways hear of it through JwtKeyIssued and fetch the key set again. */
@CommandHandler(RotateJwtKeyCommand)
export class RotateJwtKeyHandler implements ICommandHandler<RotateJwtKeyCommand, ReplyOf<typeof JwtKeyRpc.rotate>> {
  constructor(private readonly stream: JwtKeyStream) {}

  async execute({ request }: RotateJwtKeyCommand): Promise<ReplyOf<typeof JwtKeyRpc.rotate>> {
    const [issued] = await this.stream.issue('requested', {
      correlationId: request.correlationId,
      actorId: request.actorId,
    });
    const { kid, alg, publicKey, signsFrom } = issued.data as DataOf<typeof JwtKeyIssued>;
    return { kid, alg, publicKey, signsFrom };
  }
}
