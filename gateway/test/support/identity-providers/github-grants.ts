import { createHash, randomBytes } from 'node:crypto';

/** What an authorization code stands for until the client exchanges it. */
export interface GitHubCode {
  readonly userId: number;
  readonly scope: string;
  /** The redirect_uri as the authorization request gave it (absent when it named none): the exchange must repeat it. */
  readonly redirectUri: string | undefined;
  readonly codeChallenge: string | undefined;
  readonly expiresAt: number;
}

/** GitHub's codes live ten minutes. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** The stand-in's codes and access tokens. Tokens of an OAuth app do not expire and come with no refresh token. */
export class GitHubGrants {
  private readonly codes = new Map<string, GitHubCode>();
  private readonly tokens = new Map<string, number>();

  issueCode(code: Omit<GitHubCode, 'expiresAt'>): string {
    const value = randomBytes(10).toString('hex');
    this.codes.set(value, { ...code, expiresAt: Date.now() + CODE_LIFETIME_MS });
    return value;
  }

  /** The code's grant, once: any exchange attempt spends it, so a replay fails even after a failed attempt. */
  takeCode(value: string): GitHubCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code !== undefined && code.expiresAt > Date.now() ? code : undefined;
  }

  issueToken(userId: number): string {
    const token = `gho_${randomBytes(18).toString('base64url')}`;
    this.tokens.set(token, userId);
    return token;
  }

  userOf(token: string): number | undefined {
    return this.tokens.get(token);
  }
}

/** RFC 7636 S256: whether `verifier` hashes to the challenge the authorization request sent. */
export function verifierMatches(verifier: string | null, challenge: string): boolean {
  return verifier !== null && createHash('sha256').update(verifier).digest('base64url') === challenge;
}
