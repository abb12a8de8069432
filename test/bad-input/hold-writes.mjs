// Loaded before egdocs (node --import): the build's writes into its temporary folder wait until the process gets
// SIGINT or SIGTERM, so the signal a test sends always lands while the output is being written, however fast or
// loaded the machine is. The writes then go on, and egdocs' own handler decides what becomes of them.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const signalled = new Promise((resolve) => {
  // A waiting promise does not keep node running, a timer does; without a signal the writes go on after 30 s.
  const timer = setTimeout(resolve, 30_000);
  const release = () => {
    clearTimeout(timer);
    resolve();
  };
  process.once('SIGINT', release);
  process.once('SIGTERM', release);
});
const writeFile = fs.promises.writeFile;
fs.promises.writeFile = async (file, ...rest) => {
  if (/[\\/]\.[^\\/]+\.tmp-\d+[\\/]/.test(String(file))) await signalled;
  return writeFile(file, ...rest);
};
// egdocs imports node:fs/promises as a module: this makes its bindings the patched ones.
syncBuiltinESMExports();
