import type { SocialProviderId } from '@authsvc/config';
import type { ProviderFactory } from '../provider-descriptor.js';
import { apple } from './apple.js';
import { discord } from './discord.js';
import { dropbox } from './dropbox.js';
import { facebook } from './facebook.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { google } from './google.js';
import { huggingface } from './huggingface.js';
import { kick } from './kick.js';
import { linkedin } from './linkedin.js';
import { microsoft } from './microsoft.js';
import { reddit } from './reddit.js';
import { roblox } from './roblox.js';
import { spotify } from './spotify.js';
import { tiktok } from './tiktok.js';
import { twitch } from './twitch.js';
import { twitter } from './twitter.js';
import { vk } from './vk.js';
import { zoom } from './zoom.js';

/** The descriptor factory of each provider of the spec, by its id (the `/callback/{id}` segment). */
export const PROVIDER_FACTORIES: Readonly<Record<SocialProviderId, ProviderFactory>> = {
  google,
  github,
  apple,
  microsoft,
  facebook,
  discord,
  huggingface,
  spotify,
  twitch,
  twitter,
  dropbox,
  kick,
  linkedin,
  gitlab,
  tiktok,
  reddit,
  roblox,
  vk,
  zoom,
};

export { openIdProvider } from './openid.js';
