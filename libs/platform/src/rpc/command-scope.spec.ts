import { currentCommand, nestedCommand, runInCommandScope } from './command-scope.js';

describe('command scope', () => {
  it('names the calls a handler makes after its command, in order, the same for a repeat', async () => {
    const callsOf = (retried: boolean) =>
      runInCommandScope('cmd-1', retried, async () => {
        const first = nestedCommand();
        await Promise.resolve();
        return [first, nestedCommand()];
      });
    expect(await callsOf(false)).toEqual([
      { commandId: 'cmd-1>0', retried: false },
      { commandId: 'cmd-1>1', retried: false },
    ]);
    expect((await callsOf(true)).map((call) => call?.commandId)).toEqual(['cmd-1>0', 'cmd-1>1']);
  });

  it('keeps each command to its own scope, and none outside one', async () => {
    const [a, b] = await Promise.all([
      runInCommandScope('a', false, async () => (await Promise.resolve(), currentCommand()?.commandId)),
      runInCommandScope('b', true, async () => (await Promise.resolve(), currentCommand()?.commandId)),
    ]);
    expect([a, b]).toEqual(['a', 'b']);
    expect(currentCommand()).toBeUndefined();
    expect(nestedCommand()).toBeUndefined();
  });
});
