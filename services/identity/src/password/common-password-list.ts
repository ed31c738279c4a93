import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Passwords ranked most common first (zxcvbn's frequency list of leaked passwords, about 49,000), read once at
 * start-up. The package ships the plain list beside its compressed build.
 */
export function rankedCommonPasswords(): string[] {
  const entry = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common');
  const file = join(dirname(entry), '..', 'src', 'passwords.json');
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}
