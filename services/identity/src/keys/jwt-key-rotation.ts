/** When the identity service replaces the signing key by itself. */
export interface RotationPolicy {
  /** Seconds a key signs before it is replaced; 0: never on a schedule (only on request). */
  readonly intervalSeconds: number;
  /** The id of the AUTH_SECRET-derived key that seals new keys now. */
  readonly currentSealKeyId: string;
}

/** The parts of the signing key that decide when it is due. */
export interface SigningKeyTimes {
  readonly signsFrom: Date;
  readonly sealedWith: string;
}

/**
 * When the signing key is due to be replaced, or null when never. A key sealed under a secret that is no longer
 * AUTH_SECRET is due at once: it opens only while that secret stays among AUTH_SECRETS_PREVIOUS, so it is replaced
 * before the secret is dropped from there.
 */
export function rotationDueAt(current: SigningKeyTimes, policy: RotationPolicy): Date | null {
  if (current.sealedWith !== policy.currentSealKeyId) return current.signsFrom;
  if (policy.intervalSeconds === 0) return null;
  return new Date(current.signsFrom.getTime() + policy.intervalSeconds * 1000);
}

export function isRotationDue(current: SigningKeyTimes, now: Date, policy: RotationPolicy): boolean {
  const due = rotationDueAt(current, policy);
  return due !== null && now.getTime() >= due.getTime();
}
