import { loadedAtVersion, loadedFromRows, replayed, type StreamReads } from './state-source';
import type { RecordedEvent } from './recorded-event';

/** A stream of `length` events, and the reads a source made of it, in order. */
function streamOf(length: number) {
  const reads: string[] = [];
  const reader: StreamReads = {
    readStream: (streamId) => {
      reads.push(`events of ${streamId}`);
      return Promise.resolve(Array.from({ length }, (_, index) => ({ streamPosition: index + 1 }) as RecordedEvent));
    },
    streamVersion: (streamId) => {
      reads.push(`version of ${streamId}`);
      return Promise.resolve(length);
    },
  };
  return { reader, reads };
}

describe('state sources', () => {
  it('replayed: the stream evolved from the initial state, at the version of its last event', async () => {
    const { reader, reads } = streamOf(3);
    const source = replayed<number[]>([], (positions, event) => [...positions, event.streamPosition]);

    await expect(source.at('s-1', reader)).resolves.toEqual({ version: 3, state: [1, 2, 3] });
    expect(reads).toEqual(['events of s-1']);
  });

  it('loadedFromRows: the version first, then the rows, so the state is at least as new as the version', async () => {
    const { reader, reads } = streamOf(5);
    const source = loadedFromRows(() => {
      reads.push('rows');
      return Promise.resolve({ members: 2 });
    });

    await expect(source.at('s-2', reader)).resolves.toEqual({ version: 5, state: { members: 2 } });
    expect(reads).toEqual(['version of s-2', 'rows']);
  });

  it('loadedFromRows for a stream the command starts: version 0, the stream not read', async () => {
    const { reader, reads } = streamOf(0);
    const source = loadedFromRows(() => Promise.resolve({ slugTaken: false }), { startsStream: true });

    await expect(source.at('s-3', reader)).resolves.toEqual({ version: 0, state: { slugTaken: false } });
    expect(reads).toEqual([]);
  });

  it('loadedAtVersion: what its one read answers, the stream not read besides', async () => {
    const { reader, reads } = streamOf(7);
    const source = loadedAtVersion(() => Promise.resolve({ version: 7, state: 'active' }));

    await expect(source.at('s-4', reader)).resolves.toEqual({ version: 7, state: 'active' });
    expect(reads).toEqual([]);
  });
});
