// Three suites: unit (pure, no I/O), integration (real nats-server, embedded store, gRPC on port 0; and the
// contract suites, `*.contract.test.ts`: a port's promises run against each of its engines) and stack (the built
// processes, started as `npm start` starts them).
const transform = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
// Relative `.js` specifiers (what Node wants in a dynamic import()) resolve to the TypeScript source.
const moduleNameMapper = { '^@commerce/((?!.*-service$)[a-z-]+)$': '<rootDir>/libs/$1/src', '^(\\.{1,2}/.*)\\.js$': '$1' };
const common = { transform, moduleNameMapper, testEnvironment: 'node', rootDir: __dirname };

module.exports = {
  // jest's 'default' reporter, split so that the last line of every run is `N passed, N failed` (test/support).
  reporters: ['<rootDir>/test/support/progress.reporter.js', '<rootDir>/test/support/summary-line.reporter.js'],
  rootDir: __dirname,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,gateway,deploy}/**/*.unit.test.ts', '<rootDir>/test/architecture/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services,gateway,deploy}/**/*.{int,contract}.test.ts', '<rootDir>/test/support/**/*.int.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts.integration.js'],
    },
    // deploy/docker-compose.yml and deploy/k8s checked (test/deploy): fast, except the image build where a Docker daemon answers.
    { ...common, displayName: 'deploy', testMatch: ['<rootDir>/test/deploy/**/*.test.ts'] },
    {
      ...common,
      displayName: 'stack',
      testMatch: ['<rootDir>/test/stack/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts.stack.js'],
    },
  ],
};
