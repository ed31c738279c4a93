/**
 * NATS headers of every request/reply message (`RpcClient` sets them, the service's command scope reads them).
 * `Command-Id` names one call: every attempt of it (a retry after no answer, possibly to another replica) carries
 * the same id, so the service applies the command once and answers a repeat with the events of the first.
 * `Command-Attempt` counts the attempts from 1: a later one may find the command already applied.
 */
export const CommandHeaders = {
  // WARNING: wire names shared by every app version in a rolling update, do not rename
  id: 'Command-Id',
  attempt: 'Command-Attempt',
} as const;
