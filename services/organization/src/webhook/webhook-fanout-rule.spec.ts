import { fanoutStep } from './webhook-fanout-rule.js';

const now = new Date('2026-11-28T10:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('webhook fan-out order', () => {
  it('queues the next position, and skips those already queued', () => {
    expect(fanoutStep(4, 5, now, now)).toBe('queue');
    expect(fanoutStep(5, 5, now, now)).toBe('duplicate');
    expect(fanoutStep(5, 3, now, now)).toBe('duplicate');
  });

  it('waits for an earlier event another replica holds, but not for one gone for over five minutes', () => {
    expect(fanoutStep(4, 6, secondsAgo(5), now)).toBe('wait');
    expect(fanoutStep(4, 6, secondsAgo(120), now)).toBe('wait');
    expect(fanoutStep(4, 6, secondsAgo(301), now)).toBe('queue');
    expect(fanoutStep(0, 40, secondsAgo(3600), now)).toBe('queue');
  });
});
