import { Gauge, type Registry } from 'prom-client';

/** The values of one label set, one per gauge of a group. */
export interface GaugeReading<Key extends string, Label extends string> {
  readonly labels: Readonly<Record<Label, string>>;
  readonly values: Readonly<Record<Key, number>>;
}

/** Reads the current values when Prometheus scrapes. */
export type GaugeSource<Key extends string, Label extends string> = () => Promise<readonly GaugeReading<Key, Label>[]>;

export interface GaugeDefinition {
  readonly name: string;
  readonly help: string;
}

/** A scrape waits at most this long for a source: a slow database or NATS must not hang the scraper. */
const SOURCE_TIMEOUT_MS = 1000;
/** prom-client collects the gauges of a scrape in parallel: within this time they share one reading. */
const READING_REUSE_MS = 1000;

/**
 * Gauges read from their sources at scrape time, so the hot path keeps nothing up to date. One reading serves
 * every gauge of the group. A source that fails or times out reports nothing for that scrape: a stale value never
 * stands for a current one, and the missing series is what an alert on `absent()` sees.
 */
export class ScrapedGauges<Key extends string, Label extends string> {
  private readonly sources = new Set<GaugeSource<Key, Label>>();
  private reading?: { readonly at: number; readonly values: Promise<GaugeReading<Key, Label>[]> };
  readonly gauges: readonly Gauge<Label>[];

  constructor(
    registers: Registry[],
    labelNames: readonly Label[],
    definitions: Readonly<Record<Key, GaugeDefinition>>,
  ) {
    const read = () => this.read();
    this.gauges = (Object.entries(definitions) as [Key, GaugeDefinition][]).map(
      ([key, { name, help }]) =>
        new Gauge({
          name,
          help,
          labelNames,
          registers,
          async collect() {
            const readings = await read();
            this.reset();
            for (const { labels, values } of readings) this.set(labels, values[key]);
          },
        }),
    );
  }

  /** Adds a source; the function returned removes it (before what it reads is closed). */
  add(source: GaugeSource<Key, Label>): () => void {
    this.sources.add(source);
    return () => void this.sources.delete(source);
  }

  private read(): Promise<GaugeReading<Key, Label>[]> {
    const now = performance.now();
    if (!this.reading || now - this.reading.at > READING_REUSE_MS) {
      const values = Promise.all([...this.sources].map((source) => withTimeout(source()).catch(() => []))).then(
        (readings) => readings.flat(),
      );
      this.reading = { at: now, values };
    }
    return this.reading.values;
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), SOURCE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
