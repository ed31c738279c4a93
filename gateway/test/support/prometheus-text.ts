/** One sample of Prometheus's text format: its labels and value. */
export interface Sample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of metric `name` (a histogram's `_count`, say) in a scrape. */
export function samplesOf(scrape: string, name: string): Sample[] {
  return scrape.split('\n').flatMap((line) => {
    const match = SAMPLE_LINE.exec(line);
    if (!match || match[1] !== name) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]));
    return [{ labels, value: Number(match[3]) }];
  });
}
