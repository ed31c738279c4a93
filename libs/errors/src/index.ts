export * from './error-definition.js';
export * from './http-status.js';
export * from './domain-error.js';
export * from './error-catalogue.js';
export * from './catalogue/request.errors.js';
export * from './catalogue/auth.errors.js';
export * from './catalogue/username.errors.js';
export * from './catalogue/organization.errors.js';
