/** Helpers for specs (`@authsvc/platform/testing`): kept out of the entry point that production code imports. */
export * from './decider-scenario.js';
export * from './refusal.js';
export * from './state-scenario.js';
