// `npm test`: the unit, slow and browser suites one after the other, their output shown as it comes, then one line
// that names every test that failed (uvu reports a failure where it happens, which can be hundreds of lines up, under
// a later suite's green totals). Exits 1 when any run failed, for a failed test or a run that could not finish.
import { spawn } from 'node:child_process';

// The runs, in order; others may be named on the command line (`node scripts/test.mjs test:slow`).
const RUNS = process.argv.length > 2 ? process.argv.slice(2) : ['test:unit', 'test:slow', 'test:browser'];

/** uvu's line for a failed test, its colours taken out: `FAIL  <suite>  "<test>"`. */
const FAILED = /^\s*FAIL\s+(.*?)\s+"(.*)"\s*$/;
const COLOURS = /\x1b\[[0-9;]*m/g;

/** Runs `npm run <script>`, passing its output through; gives its exit code and the tests it reported failed. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['inherit', 'pipe', 'inherit'] });
    const failed = [];
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        const match = FAILED.exec(line.replace(COLOURS, ''));
        if (match) failed.push(match[1] ? `${match[1]} › ${match[2]}` : match[2]);
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, failed }));
  });
}

const problems = [];
for (const script of RUNS) {
  const { code, failed } = await run(script);
  problems.push(...failed.map((test) => `${script}: ${test}`));
  if (code !== 0 && failed.length === 0) problems.push(`${script}: exited with ${code} without naming a failed test`);
}
console.log(problems.length === 0 ? '\nnpm test: every run passed' : `\nnpm test failed: ${problems.join('; ')}`);
process.exitCode = problems.length === 0 ? 0 : 1;
