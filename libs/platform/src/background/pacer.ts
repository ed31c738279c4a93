/**
 * The rhythm of a background loop that works in rounds (the outbox relay, the mail sender). After a short round
 * (everything there was), the loop idles until it is nudged; when work then comes soon after, the next round
 * still waits until `lingerMs` after the previous one began, so that under a steady trickle one round takes
 * several items instead of paying its round trips for each. A full round is followed at once, and the first
 * round after a quiet spell starts without delay.
 */
export class Pacer {
  private pending = true;
  private interrupted = false;
  private roundAt = Number.NEGATIVE_INFINITY;
  private wakeOnNudge?: () => void;
  private wakeNow?: () => void;

  constructor(private readonly lingerMs: number) {}

  /** There is work: an idling loop wakes. */
  nudge(): void {
    this.pending = true;
    this.wakeOnNudge?.();
  }

  /** Whether a nudge came since the current round started. */
  get nudged(): boolean {
    return this.pending;
  }

  /** A round starts: the nudges so far are taken by it. */
  startRound(): void {
    this.pending = false;
    this.roundAt = performance.now();
  }

  /**
   * After a short round: sleeps until nudged or for `ms` at most (not at all when nudged since the round
   * started), and when nudged, until `lingerMs` after the round began.
   */
  async idle(ms: number): Promise<void> {
    if (!this.pending) await this.sleep(ms, true);
    if (this.pending) await this.sleep(this.lingerMs - (performance.now() - this.roundAt), false);
  }

  /** Sleeps `ms` whatever the nudges (a pause after a failure, a wait for a lock). */
  pause(ms: number): Promise<void> {
    return this.sleep(ms, false);
  }

  /** Ends the current sleep and every later one at once: the loop is stopping. */
  interrupt(): void {
    this.interrupted = true;
    this.wakeNow?.();
  }

  private sleep(ms: number, nudgeable: boolean): Promise<void> {
    if (ms <= 0 || this.interrupted) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.wakeNow = this.wakeOnNudge = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.wakeNow = end;
      this.wakeOnNudge = nudgeable ? end : undefined;
    });
  }
}
