import { jest } from '@jest/globals';
import type { LoggerService } from '@nestjs/common';
import { BackgroundLoop, type BackgroundLoopOptions, type RoundEnd } from './background-loop';

const IDLE = 1000;
const RETRY = 2000;

/** A logger that keeps its lines. */
function recordingLogger(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: unknown) => lines.push(`${level} ${String(message)}`);
  return { lines, log: record('log'), error: record('error'), warn: record('warn') };
}

describe('BackgroundLoop', () => {
  let roundsAt: number[];
  let logger: ReturnType<typeof recordingLogger>;
  const loopOf = (ends: (() => Promise<RoundEnd>)[], options: Partial<BackgroundLoopOptions> = {}) => {
    let index = 0;
    return new BackgroundLoop({
      failurePrefix: 'test loop',
      logger,
      idleMs: IDLE,
      retryMs: RETRY,
      round: () => {
        roundsAt.push(performance.now());
        const end = ends[Math.min(index, ends.length - 1)];
        index += 1;
        return end();
      },
      ...options,
    });
  };
  beforeEach(() => {
    jest.useFakeTimers();
    roundsAt = [];
    logger = recordingLogger();
  });
  afterEach(() => jest.useRealTimers());

  it('follows a full round at once, idles after a short one until nudged or the idle time is over', async () => {
    const began = performance.now();
    const loop = loopOf([async () => 'again', async () => 'idle']);
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(roundsAt).toEqual([began, began]);
    await jest.advanceTimersByTimeAsync(IDLE);
    expect(roundsAt).toEqual([began, began, began + IDLE]);
    await jest.advanceTimersByTimeAsync(300);
    loop.nudge();
    await jest.advanceTimersByTimeAsync(0);
    expect(roundsAt).toEqual([began, began, began + IDLE, began + IDLE + 300]);
    await loop.stop();
  });

  it('runs no round after a done one, whatever the nudges, and stops at once', async () => {
    const finished: number[] = [];
    const loop = loopOf([async () => 'again', async () => 'done'], { finish: async () => void finished.push(1) });
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    loop.nudge();
    await jest.advanceTimersByTimeAsync(IDLE * 5);
    expect(roundsAt).toHaveLength(2);
    expect(finished).toEqual([1]);
    await loop.stop();
  });

  it('after a wait round, and after a failed one (logged, then recovered), waits whatever the nudges', async () => {
    const began = performance.now();
    const recovered: number[] = [];
    const loop = loopOf(
      [
        async () => 'wait',
        async () => {
          throw new Error('lock lost');
        },
        async () => 'idle',
      ],
      { recover: async () => void recovered.push(performance.now()), failureLevel: 'warn' },
    );
    loop.start();
    await jest.advanceTimersByTimeAsync(100);
    loop.nudge();
    await jest.advanceTimersByTimeAsync(RETRY - 100);
    expect(roundsAt).toEqual([began, began + RETRY]);
    expect(logger.lines).toEqual(['warn test loop: lock lost']);
    expect(recovered).toEqual([began + RETRY]);
    loop.nudge();
    await jest.advanceTimersByTimeAsync(RETRY - 1);
    expect(roundsAt).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(roundsAt).toEqual([began, began + RETRY, began + 2 * RETRY]);
    await loop.stop();
  });

  it('stops once the round in flight has ended (interrupted if it would run on), then finishes, logging nothing', async () => {
    let endRound = () => {};
    const steps: string[] = [];
    const loop = loopOf(
      [
        () =>
          new Promise<RoundEnd>((_resolve, reject) => {
            endRound = () => reject(new Error('iterator closed'));
          }),
      ],
      {
        interrupt: async () => {
          steps.push('interrupted');
          endRound();
        },
        finish: async () => void steps.push('finished'),
      },
    );
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(loop.active).toBe(true);
    await loop.stop();
    expect(loop.active).toBe(false);
    expect(steps).toEqual(['interrupted', 'finished']);
    expect(roundsAt).toHaveLength(1);
    expect(logger.lines).toEqual([]);
  });
});
