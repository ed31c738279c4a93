import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Base of every request/reply payload: ties the work a message causes to the HTTP request behind it. */
export abstract class TracedRequest {
  /** Correlation id of the originating request (the gateway's `x-request-id`). */
  @IsString()
  @MaxLength(128)
  correlationId!: string;

  /** The signed-in user acting, when there is one. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  actorId?: string;
}
