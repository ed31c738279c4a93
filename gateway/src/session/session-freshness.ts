/** A session is fresh for `freshAgeSeconds` after it was created; a fresh age of 0 turns the rule off. */
export function isSessionFresh(createdAt: string, now: Date, freshAgeSeconds: number): boolean {
  if (freshAgeSeconds === 0) return true;
  return now.getTime() - new Date(createdAt).getTime() < freshAgeSeconds * 1000;
}
