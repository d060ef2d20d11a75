// Jest's own summary (the failing tests again when many files ran, then `Tests: ...`), ending with the plain line CI
// and the README read: `N passed, N failed`. Jest adds its summary reporter after every configured one, so this line
// would come before it; this reporter is that summary, then the line, and the configuration names no 'default'.
const { SummaryReporter } = require('@jest/reporters');

class SummaryLineReporter extends SummaryReporter {
  onRunComplete(testContexts, results) {
    super.onRunComplete(testContexts, results);
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed\n`);
  }
}

module.exports = SummaryLineReporter;
