/** An account row as unlink-account matches it. */
export interface UnlinkCandidate {
  /** The row id (1.7's `accountId`). */
  readonly id: string;
  readonly providerId: string;
  /** The provider's account id (the spec's `accountId`). */
  readonly accountId: string;
}

/**
 * The account an unlink-account body names among the user's: 1.7's `{accountId: <row id>}`, or the spec's
 * `{providerId, accountId?: <provider's account id>}` (the provider's first account without one). Under a
 * `providerId`, `accountId` may be either id: both forms name the caller's own accounts only.
 */
export function unlinkTarget<T extends UnlinkCandidate>(
  accounts: readonly T[],
  body: { readonly providerId?: string; readonly accountId?: string },
): T | undefined {
  const { providerId, accountId } = body;
  if (providerId === undefined) return accounts.find(({ id }) => id === accountId);
  return accounts.find(
    (account) =>
      account.providerId === providerId &&
      (accountId === undefined || account.accountId === accountId || account.id === accountId),
  );
}
