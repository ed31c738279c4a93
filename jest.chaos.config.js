import { shared } from './jest.config.js';

// `npm run test:chaos`: the chaos run of issue 33 alone (gateway/test/*.chaos-spec.ts), against the built apps.
// Kept out of jest.config.js's projects so that the main run does not start it a second time.
export default {
  ...shared,
  displayName: 'chaos',
  testMatch: ['<rootDir>/gateway/test/**/*.chaos-spec.ts'],
  testTimeout: 240_000,
};
