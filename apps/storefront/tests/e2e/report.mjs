// Playwright's JSON report (`test-results/e2e-results*.json`), read by `summary.mjs` and by the
// root's `scripts/test-counts.mjs`: one walk of its nested suites for both.

/** Every test of a report's suite and its children, with the spec's file and title. */
export function* testsOf(suite, file = suite.file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) yield { file: spec.file ?? file, title: spec.title, test };
  }
  for (const child of suite.suites ?? []) yield* testsOf(child, child.file ?? file);
}

/** Every test of a parsed report. */
export function* testsOfReport(report) {
  for (const suite of report.suites ?? []) yield* testsOf(suite);
}
