import { describe, expect, it } from '@jest/globals';
import { continueWithLabel, providerName, socialCallbackUrls } from './social-providers';

describe('providerName', () => {
  it('names the providers of the spec as their owners spell them', () => {
    expect(providerName('github')).toBe('GitHub');
    expect(providerName('huggingface')).toBe('Hugging Face');
    expect(providerName('linkedin')).toBe('LinkedIn');
  });

  it('shows a generic provider by its id, capitalised', () => {
    expect(providerName('acme')).toBe('Acme');
  });

  it('does not read names inherited by every object as providers', () => {
    expect(providerName('constructor')).toBe('Constructor');
  });
});

describe('continueWithLabel', () => {
  it('says which provider the button continues with', () => {
    expect(continueWithLabel('google')).toBe('Continue with Google');
  });
});

describe('socialCallbackUrls', () => {
  it('returns to the asking page whether the user is new or not, and errors go to the error page', () => {
    expect(socialCallbackUrls('/organizations')).toEqual({
      callbackURL: '/organizations',
      newUserCallbackURL: '/organizations',
      errorCallbackURL: '/error',
    });
  });
});
