import { jest } from '@jest/globals';
import { Pacer } from './pacer';

const LINGER = 100;

describe('Pacer', () => {
  let resolvedAt: number | undefined;
  const watch = (promise: Promise<void>) => {
    resolvedAt = undefined;
    void promise.then(() => {
      resolvedAt = performance.now();
    });
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('idles for the given time when nothing nudges', async () => {
    const pacer = new Pacer(LINGER);
    const start = performance.now();
    pacer.startRound();
    watch(pacer.idle(1000));
    await jest.advanceTimersByTimeAsync(999);
    expect(resolvedAt).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(resolvedAt).toBe(start + 1000);
  });

  it('when nudged soon after a round began, wakes only once the linger since that round is over', async () => {
    const pacer = new Pacer(LINGER);
    const start = performance.now();
    pacer.startRound();
    watch(pacer.idle(1000));
    await jest.advanceTimersByTimeAsync(20);
    pacer.nudge();
    await jest.advanceTimersByTimeAsync(79);
    expect(resolvedAt).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(resolvedAt).toBe(start + LINGER);
  });

  it('wakes at once when nudged long after the round began, and does not idle when nudged during the round', async () => {
    const pacer = new Pacer(LINGER);
    pacer.startRound();
    watch(pacer.idle(1000));
    await jest.advanceTimersByTimeAsync(500);
    pacer.nudge();
    await jest.advanceTimersByTimeAsync(0);
    expect(resolvedAt).toBe(performance.now());

    pacer.startRound();
    await jest.advanceTimersByTimeAsync(300);
    pacer.nudge();
    expect(pacer.nudged).toBe(true);
    watch(pacer.idle(1000));
    await jest.advanceTimersByTimeAsync(0);
    expect(resolvedAt).toBe(performance.now());
  });

  it('pauses whatever the nudges; interrupting ends the pause and every later sleep at once', async () => {
    const pacer = new Pacer(LINGER);
    const start = performance.now();
    watch(pacer.pause(2000));
    pacer.nudge();
    await jest.advanceTimersByTimeAsync(500);
    expect(resolvedAt).toBeUndefined();
    pacer.interrupt();
    await jest.advanceTimersByTimeAsync(0);
    expect(resolvedAt).toBe(start + 500);

    pacer.startRound();
    watch(pacer.idle(1000));
    await jest.advanceTimersByTimeAsync(0);
    expect(resolvedAt).toBe(start + 500);
  });
});
