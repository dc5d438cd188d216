// Closes the run from the Vitest and Playwright JSON reports: each failure by name with the first
// line of its error (so the end of a long log says what broke), then one "N passed, N failed" line.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let skipped = 0;
const failures = [];
// Vitest's JSON report keeps no message for a time-out, only this placeholder.
const firstLine = (text = '') => text.trim().split('\n')[0].replace(/^Error: STACK_TRACE_ERROR$/, 'timed out').slice(0, 300);

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) {
      const notRun = file.assertionResults.filter((test) => test.status !== 'passed').length;
      failures.push(`${name}: ${firstLine(file.message) || `a hook failed (the log above says how)${notRun ? `, so ${notRun} of its tests did not run` : ''}`}`);
    }
  }
} else failures.push(`${vitestFile}: no Vitest report`);

if (existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  skipped += report.stats.skipped;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites) visit(suite, []);
  for (const error of report.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
} else failures.push(`${playwrightFile}: no Playwright report`);

if (failures.length) console.log(`\nfailed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(`\ntotal: ${passed} passed, ${failures.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
