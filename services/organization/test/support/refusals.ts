/** The catalogue codes of the outcomes that were refused, in order (an error without a code shows as itself). */
export function refusals(outcomes: readonly PromiseSettledResult<unknown>[]): unknown[] {
  return outcomes.flatMap((outcome) =>
    outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code ?? outcome.reason] : [],
  );
}
