// What jest's 'default' reporter shows while tests run (each file's result and failures; every test's name when one
// file runs, or with --verbose), without the summary it brings: summary-line.reporter.js prints that, then its line.
const { DefaultReporter, VerboseReporter } = require('@jest/reporters');

function ProgressReporter(globalConfig) {
  return globalConfig.verbose ? new VerboseReporter(globalConfig) : new DefaultReporter(globalConfig);
}

module.exports = ProgressReporter;
