// Unit tests (*.spec.ts beside the code) need nothing running; e2e and integration tests
// (*.e2e-spec.ts, *.int-spec.ts) start the built stack against real PostgreSQL, Redis, NATS and SMTP.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

/** The web client's .tsx (React's automatic JSX runtime); .ts stays on the plain parser, where `<T>x` is a cast. */
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

export const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.ts$': swc, '^.+\\.tsx$': swcTsx },
  moduleNameMapper: {
    '^@authsvc/(errors|config|contracts|platform|identity-users)$': '<rootDir>/libs/$1/src/index.ts',
    '^@authsvc/platform/testing$': '<rootDir>/libs/platform/src/testing/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

export default {
  // Per-project testTimeout is ignored by Jest; the e2e suites start processes, so the default is generous.
  testTimeout: 120_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // web/src/lib holds the web client's pure functions; its screens are tested in a browser (gateway/test/browser).
      testMatch: [
        '<rootDir>/{libs,services,gateway}/**/src/**/*.spec.ts',
        '<rootDir>/web/src/lib/**/*.spec.ts',
        '<rootDir>/test/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/**/test/**/*.e2e-spec.ts', '<rootDir>/**/test/**/*.int-spec.ts'],
    },
  ],
};
