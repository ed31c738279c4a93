import { Registry } from 'prom-client';
import { ScrapedGauges } from './scraped-gauges.js';

const definitions = {
  pending: { name: 'test_pending_messages', help: 'pending' },
  oldestAge: { name: 'test_oldest_age_seconds', help: 'age' },
};

describe('gauges read at scrape time', () => {
  it('reads each source once per scrape for every gauge of the group, by label set', async () => {
    const registry = new Registry();
    const gauges = new ScrapedGauges([registry], ['service'], definitions);
    let reads = 0;
    gauges.add(async () => {
      reads += 1;
      return [{ labels: { service: 'identity' }, values: { pending: 3, oldestAge: 1.5 } }];
    });
    const text = await registry.metrics();
    expect(text).toContain('test_pending_messages{service="identity"} 3');
    expect(text).toContain('test_oldest_age_seconds{service="identity"} 1.5');
    expect(reads).toBe(1);
  });

  it('reports nothing of a source that fails, nor of one removed, and keeps the others', async () => {
    const registry = new Registry();
    const gauges = new ScrapedGauges([registry], ['service'], definitions);
    gauges.add(async () => [{ labels: { service: 'session' }, values: { pending: 0, oldestAge: 0 } }]);
    const remove = gauges.add(async () => [{ labels: { service: 'gone' }, values: { pending: 7, oldestAge: 9 } }]);
    gauges.add(() => Promise.reject(new Error('database down')));
    remove();
    const text = await registry.metrics();
    expect(text).toContain('test_pending_messages{service="session"} 0');
    expect(text).not.toContain('gone');
  });
});
