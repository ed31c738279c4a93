import { ServerNats } from '@nestjs/microservices';
import { natsConnectionOptions } from './connect-nats.js';

/**
 * Nest's NATS server for handlers whose patterns are plain subjects, as all of ours are. Nest first tries
 * every incoming subject as JSON (for object patterns), so each message threw and caught a SyntaxError,
 * stack trace included; a subject that cannot be JSON now goes straight to the route lookup.
 */
export class PlainSubjectNatsServer extends ServerNats {
  constructor(natsUrl: URL, queue: string) {
    super({ ...natsConnectionOptions(natsUrl), queue });
  }

  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }
}
