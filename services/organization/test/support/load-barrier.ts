/**
 * Holds loads until `parties` of them have arrived, then lets all through, and every later one at once: racing
 * decisions are made on the same state (and stream version), whatever the scheduler would have done.
 */
export class LoadBarrier {
  private arrived = 0;
  private release!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));

  constructor(private readonly parties: number) {}

  async pass<T>(loaded: T): Promise<T> {
    this.arrived += 1;
    if (this.arrived >= this.parties) this.release();
    await this.released;
    return loaded;
  }
}
