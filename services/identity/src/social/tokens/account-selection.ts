/** What a client names its account by: 1.7's account id, or the spec's provider id with an optional account id. */
export interface AccountSelection {
  readonly accountId?: string;
  readonly providerId?: string;
}

/**
 * The user's account the selection names: the one with that id (of that provider, when both are given), else
 * the first account of the provider; none when the selection names neither (1.7's `useAccountCookie` alone).
 */
export function selectAccount<T extends { readonly id: string; readonly providerId: string }>(
  accounts: readonly T[],
  { accountId, providerId }: AccountSelection,
): T | undefined {
  if (accountId === undefined && providerId === undefined) return undefined;
  return accounts.find(
    (account) =>
      (accountId === undefined || account.id === accountId) &&
      (providerId === undefined || account.providerId === providerId),
  );
}
