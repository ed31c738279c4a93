import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { nextSignatureCounter } from './counter-rule.js';
import { PasskeyEntity } from './passkey.entity.js';

/**
 * The signature counters of passkeys, advanced in place at each sign-in. Not an event: a sign-in is use of the
 * passkey, not a change to it, and an event per sign-in would lengthen the user's stream with every one (the cost
 * the provider tokens once had). The session that the sign-in starts is its record. Rebuilt from events, a row
 * starts again at its registration counter; the next sign-in then raises it, so the rule only weakens for one use.
 */
@Injectable()
export class PasskeyCounters {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Whether the presented counter is accepted and now stored. Compare-and-set on the counter read: of two sign-ins
   * racing with one assertion's counter, only one advances it, so a cloned authenticator cannot slip in between.
   */
  async advance(passkey: Pick<PasskeyEntity, 'id' | 'counter'>, presented: number): Promise<boolean> {
    const next = nextSignatureCounter(passkey.counter, presented);
    if (next === null) return false;
    const result = await this.dataSource
      .createQueryBuilder()
      .update(PasskeyEntity)
      .set({ counter: next })
      .where('id = :id AND counter = :counter', { id: passkey.id, counter: passkey.counter })
      .execute();
    return result.affected === 1;
  }
}
