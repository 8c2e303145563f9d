// One Jest configuration for the whole workspace: unit specs next to the code, adapter
// contract suites in libs/, end-to-end suites over HTTP in test/. The @tracker/* aliases
// come from tsconfig.base.json so they are declared once.
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper,
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  testSequencer: '<rootDir>/test/setup/sequencer.mjs',
  maxWorkers: 2,
  testTimeout: 30000,
  verbose: false,
};
