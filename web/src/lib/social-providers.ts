/**
 * The names people know the social providers by, keyed by the gateway's provider ids (spec §3). A provider the
 * list does not know (a generic OpenID provider such as `acme`) is shown by its id, capitalised.
 */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  discord: 'Discord',
  huggingface: 'Hugging Face',
  spotify: 'Spotify',
  twitch: 'Twitch',
  twitter: 'X (Twitter)',
  dropbox: 'Dropbox',
  kick: 'Kick',
  linkedin: 'LinkedIn',
  gitlab: 'GitLab',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  roblox: 'Roblox',
  vk: 'VK',
  zoom: 'Zoom',
};

export function providerName(id: string): string {
  // Own keys only: `constructor` is no provider's name.
  if (Object.hasOwn(PROVIDER_NAMES, id)) return PROVIDER_NAMES[id];
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** The label of the button that starts a social sign-in (or sign-up) with `id`. */
export function continueWithLabel(id: string): string {
  return `Continue with ${providerName(id)}`;
}

/**
 * Where a social sign-in started on a screen goes back to: the app's own paths, since the gateway accepts a
 * relative path (or a trusted origin) only. A new user lands where a returning one does.
 */
export function socialCallbackUrls(next: string): {
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
} {
  return { callbackURL: next, newUserCallbackURL: next, errorCallbackURL: '/error' };
}
