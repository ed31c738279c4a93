import { join } from 'node:path';
import type { AllowedDifference } from '../../differential-account.allowed.js';
import { declaredRoutes } from './controller-routes.js';
import type { Difference, Pair } from './pair.js';

/** The routes the controllers of `gateway/src/<area>` declare that the pair never sent a request to. */
export function routesNeverSent(pair: Pair, area: string): { declared: number; missed: string[] } {
  const sent = [...pair.sent].map((line) => line.split(' ') as [string, string]);
  const routes = declaredRoutes(join(process.cwd(), 'gateway/src', area), '/api/auth');
  const missed = routes.filter((route) => !sent.some(([method, path]) => route.matches(method, path)));
  return { declared: routes.length, missed: missed.map(({ route }) => route) };
}

/** The differences found that the allow-list does not name, and the listed ones no longer found. */
export function differencesAgainst(
  differences: readonly Difference[],
  allowedList: readonly AllowedDifference[],
): { unexpected: Difference[]; vanished: string[] } {
  const found = new Map<string, Difference>();
  for (const difference of differences) found.set(`${difference.label} › ${difference.aspect}`, difference);
  const allowed = new Set(allowedList.flatMap(({ label, aspects }) => aspects.map((aspect) => `${label} › ${aspect}`)));
  const unexpected = [...found].filter(([key]) => !allowed.has(key)).map(([, difference]) => difference);
  const vanished = [...allowed].filter((key) => !found.has(key));
  return { unexpected, vanished };
}
