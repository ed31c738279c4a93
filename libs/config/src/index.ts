export * from './variable.js';
export * from './config-error.js';
export * from './load-config.js';
export * from './common-variables.js';
export * from './secret-policy.js';
export * from './purpose-keys.js';
export * from './social-variables.js';
export * from './tracing-variables.js';
