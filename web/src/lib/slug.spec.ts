import { describe, expect, it } from '@jest/globals';
import { SLUG_PATTERN, slugFrom } from './slug';

describe('slugFrom', () => {
  it('joins lower-case words with hyphens', () => {
    expect(slugFrom('Acme Research Lab')).toBe('acme-research-lab');
  });

  it('drops accents instead of the letters that carry them', () => {
    expect(slugFrom('Café Müller')).toBe('cafe-muller');
  });

  it('turns any run of other characters into one hyphen, none at either end', () => {
    expect(slugFrom('  --Acme & Co.!! 2024--  ')).toBe('acme-co-2024');
  });

  it('proposes nothing for a name without letters or digits', () => {
    expect(slugFrom('★ ★')).toBe('');
  });

  it('proposes slugs that the slug pattern accepts', () => {
    for (const name of ['Acme', 'Café Müller', 'R&D 2', 'a  b']) expect(SLUG_PATTERN.test(slugFrom(name))).toBe(true);
  });
});

describe('SLUG_PATTERN', () => {
  it.each(['acme', 'acme-2', 'a-b-c'])('accepts %s', (slug) => {
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });

  it.each(['', 'Acme', '-acme', 'acme-', 'a--b', 'a b', 'café'])('refuses "%s"', (slug) => {
    expect(SLUG_PATTERN.test(slug)).toBe(false);
  });
});
