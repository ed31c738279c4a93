/**
 * How long an organization's next event may wait for the one before it, which another replica may hold: well
 * beyond the durable consumer's 30 s ack wait, after which JetStream hands a crashed replica's events to another
 * (and its redeliveries' back-off), so that a crash delays events and never skips one.
 */
const GAP_WAIT_MS = 300_000;

/**
 * What the fan-out does with an organization's event at `position`, given the last position it queued
 * (`checkpoint`, 0: none yet): `queue` it, skip a `duplicate` (at-least-once delivery), or `wait` (throw, so
 * JetStream redelivers it) while an earlier event, held by another replica, is not queued yet. A gap older
 * than five minutes is accepted: the events before it are gone (stream retention, or published before webhooks
 * existed) and would block the organization's webhooks forever.
 */
export function fanoutStep(
  checkpoint: number,
  position: number,
  occurredAt: Date,
  now: Date,
): 'queue' | 'duplicate' | 'wait' {
  if (position <= checkpoint) return 'duplicate';
  if (position === checkpoint + 1 || now.getTime() - occurredAt.getTime() > GAP_WAIT_MS) return 'queue';
  return 'wait';
}
