/** The catalogue code and status a rule refused with; throws when it did not refuse. For specs of pure rules. */
export function refusalOf(check: () => unknown): { code: string; status: number } {
  try {
    check();
  } catch (error) {
    const { code, status } = error as { code: string; status: number };
    return { code, status };
  }
  throw new Error('expected a refusal, but the rule allowed it');
}
