// Lint for the whole workspace: type-checked TypeScript rules, and Nx module boundaries
// in two dimensions (scope x type, see docs/architecture.md). Zero warnings are allowed.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const serviceScopes = ['identity', 'catalog', 'bugs', 'comments', 'flags', 'mailer'];
/** Which libraries a project may import, by its tags; specs may also use the testing libraries. */
function moduleBoundaries({ inSpecs }) {
  const testing = inSpecs ? ['type:testing'] : [];
  return {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', ...testing] },
      { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts', ...testing], bannedExternalImports: infrastructurePackages },
      { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:util', ...testing] },
      { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:util', 'type:domain', ...testing] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:util', 'type:testing'] },
      {
        sourceTag: 'type:app',
        onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:util', 'type:domain', 'type:feature', ...testing],
      },
      { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
      { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:shared', 'scope:gateway'] },
      ...serviceScopes.map((scope) => ({ sourceTag: `scope:${scope}`, onlyDependOnLibsWithTags: ['scope:shared', `scope:${scope}`] })),
      {
        sourceTag: 'scope:standalone',
        onlyDependOnLibsWithTags: ['scope:shared', 'scope:gateway', 'scope:standalone', ...serviceScopes.map((s) => `scope:${s}`)],
      },
    ],
  };
}

const infrastructurePackages = [
  '@nestjs/*',
  'typeorm',
  'pg',
  '@eventstore/*',
  'nats',
  'bullmq',
  'ioredis',
  'minio',
  'fastify',
  '@electric-sql/*',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', '.nx/**'] },
  ...nx.configs['flat/base'],
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ inSpecs: false })],
    },
  },
  {
    // specs, contract suites and the end-to-end suites may reach into what they test
    files: ['**/*.spec.ts', 'libs/**/src/testing/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ inSpecs: true })],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Small files with one purpose (docs/architecture.md, "File size"): 200 lines of code
    // in a source file, comments and blank lines not counted, so explaining why is free.
    files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { 'max-lines': ['error', { max: 200, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A spec is a flat list of independent cases with their fixtures inline: twice the
    // room, but a suite past it covers several topics and is split (e2e suites into
    // cases/ modules under one spec, so each run mode still starts one Tracker).
    files: ['**/*.spec.ts', 'libs/**/src/testing/**/*.ts', 'test/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // CommonJS by necessity: Jest's config, worker-thread scripts and the modules they load run untransformed
    files: ['jest.config.js', '**/*.worker.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
