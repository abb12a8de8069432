// The W3C Nu HTML Checker (vnu.jar, from the vnu-jar package; it needs Java) over every HTML file of a built site:
// `node scripts/validate-html.mjs [folder]` (default build/). Prints each error as `file:line:col  message`, the
// warnings once each with how many pages have them, then its totals in uvu's shape ("  Total:", "  Passed:"), which
// .ci/run adds up as it does every suite's: a page passes when the checker finds no error in it. Exits 1 on any error,
// or when there is nothing to check or the checker cannot run.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.resolve(process.argv[2] ?? 'build');
// The package's main export is the jar's path. Its install script (a Java download) is not run: allowScripts.
const jar = String(createRequire(import.meta.url)('vnu-jar'));

/** Every .html file under `dir`, sorted, so the report reads the same on every machine. */
function htmlFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    return fail(`cannot read ${dir} (${error.code}): build the site first (npx egdocs build)`);
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

function fail(message) {
  console.log(`validate-html: ${message}`);
  console.log('  Total:    1\n  Passed:   0');
  process.exit(1);
}

/** Runs the checker on the files; its JSON report is on stderr. */
function check(files) {
  return new Promise((resolve) => {
    const child = spawn('java', ['-jar', jar, '--format', 'json', ...files], { stdio: ['ignore', 'ignore', 'pipe'] });
    let report = '';
    child.stderr.on('data', (chunk) => (report += chunk));
    child.on('error', (error) =>
      fail(`cannot start java (${error.code}): install a Java runtime (Debian: apt-get install default-jre-headless)`),
    );
    child.on('close', () => {
      try {
        resolve(JSON.parse(report).messages);
      } catch {
        fail(`the checker gave no report:\n${report}`);
      }
    });
  });
}

const files = htmlFiles(folder);
if (files.length === 0) fail(`no HTML file in ${folder}: build the site first (npx egdocs build)`);
const messages = await check(files);

const shown = (file) => path.relative(process.cwd(), file);
/** Pages with an error, and for each warning the pages that have it. */
const failed = new Set();
const warnings = new Map();
let errors = 0;
let notes = 0;
for (const m of messages) {
  // A message about no file (the checker could not read one) names the folder: it fails the run all the same.
  const file = m.url ? fileURLToPath(m.url) : folder;
  if (m.type === 'error' || m.type === 'non-document-error') {
    errors++;
    failed.add(file);
    console.log(`${shown(file)}:${m.firstLine ?? m.lastLine ?? 0}:${m.firstColumn ?? 0}  error: ${m.message}`);
  } else if (m.subType === 'warning') {
    if (!warnings.has(m.message)) warnings.set(m.message, new Set());
    warnings.get(m.message).add(file);
  } else notes++;
}
for (const [message, pages] of warnings)
  console.log(`warning on ${pages.size} pages (${shown([...pages][0])}, …): ${message}`);
const passed = files.filter((file) => !failed.has(file)).length;
const total = passed + failed.size;
console.log(`vnu: ${files.length} pages checked: ${errors} errors, ${warnings.size} kinds of warning, ${notes} notes`);
console.log(`  Total:    ${total}\n  Passed:   ${passed}`);
process.exitCode = errors > 0 ? 1 : 0;
