import type { MembershipAction, MembershipDriver } from './membership-scenario.js';
import { SubscriberProcess } from './subscriber-process.js';

/** How a run knows that the subscriber took in everything played so far. */
export type CaughtUp = (subscriber: SubscriberProcess) => Promise<void>;

/**
 * Plays `actions` with `driver` while examples/subscriber.ts follows them: started after the first third, killed
 * with SIGKILL while the events of the second third arrive (it may hold one it applied but did not acknowledge),
 * started again for the last third; stopped (and required to exit cleanly) once it caught up. `env` is the subscriber's environment.
 */
export async function playAcrossASubscriberCrash(
  actions: readonly MembershipAction[],
  driver: MembershipDriver,
  env: Record<string, string>,
  caughtUp: CaughtUp,
): Promise<void> {
  const play = async (from: number, to: number) => {
    for (const action of actions.slice(from, to)) await driver.play(action);
  };
  const third = Math.ceil(actions.length / 3);
  await play(0, third);
  let subscriber = SubscriberProcess.start(env);
  await caughtUp(subscriber);

  await play(third, third + 6);
  await subscriber.stop('SIGKILL');
  await play(third + 6, 2 * third);

  subscriber = SubscriberProcess.start(env);
  await play(2 * third, actions.length);
  await caughtUp(subscriber);
  const exitCode = await subscriber.stop();
  if (exitCode !== 0) throw new Error(`the subscriber stopped with ${exitCode}:\n${subscriber.log}`);
}
