import { JwtKeyIssued, type DataOf, type JwtKeyRpc, type ReplyOf } from '@authsvc/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JwtKeyStream } from '../jwt-key-stream.js';
import { RotateJwtKeyCommand } from './rotate-jwt-key.command.js';

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
