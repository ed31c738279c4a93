import {
  GetJwtKeySetRequest,
  JwtKeyRpc,
  RotateJwtKeyRequest,
  type JwtKeySetView,
  type ReplyOf,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProvideJwtKeySetCommand } from './commands/provide-jwt-key-set.handler.js';
import { RotateJwtKeyCommand } from './commands/rotate-jwt-key.handler.js';

@Controller()
export class JwtKeyNatsController {
  constructor(private readonly commands: CommandBus) {}

  @MessagePattern(JwtKeyRpc.getKeySet.subject)
  getKeySet(@Payload() request: GetJwtKeySetRequest): Promise<JwtKeySetView> {
    return this.commands.execute(new ProvideJwtKeySetCommand(request));
  }

  @MessagePattern(JwtKeyRpc.rotate.subject)
  rotate(@Payload() request: RotateJwtKeyRequest): Promise<ReplyOf<typeof JwtKeyRpc.rotate>> {
    return this.commands.execute(new RotateJwtKeyCommand(request));
  }
}
