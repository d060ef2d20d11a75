// Per-project timeouts: jest ignores `testTimeout` inside `projects` entries.
jest.setTimeout(30_000);
