/** Jest: unit tests (*.spec.ts) and HTTP integration tests against real PostgreSQL and Redis (*.int-spec.ts). */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testRegex: '(src|test)/.*\\.(spec|int-spec)\\.ts$',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // ESM-only packages (stream-json 3 and its stream-chain, for the listing import), compiled to CommonJS for Jest
    '/node_modules/(stream-json|stream-chain)/.+\\.js$': ['@swc/jest', { ...swc, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(stream-json|stream-chain)/)'],
  moduleNameMapper: {
    '^@app/domain$': '<rootDir>/../../libs/domain/src',
    '^@app/db$': '<rootDir>/../../libs/db/src',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
