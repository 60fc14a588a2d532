// `npm test`: the type checks (service and UI) and the test suite, at once. Each type check is one
// single-threaded process that would otherwise hold up the suite for its whole run; beside the suite
// it uses the moments the suite's workers wait on their servers and child processes. Fails when any
// of them fails. Arguments go to vitest (`npm test -- test/rest.test.ts`).
import { spawn } from 'node:child_process';

const run = (command, args, { buffered }) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
    child.on('close', (code, signal) => resolve({ name: [command, ...args].join(' '), code: code ?? (signal ? 1 : 0), output }));
  });

const bin = (name) => `node_modules/.bin/${name}`;
const checks = [
  run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { buffered: true }),
  run(bin('tsc'), ['-p', 'ui/tsconfig.json'], { buffered: true }),
];
const suite = await run(bin('vitest'), ['run', ...process.argv.slice(2)], { buffered: false });
let failed = suite.code !== 0;
// Printed after the suite, so that their errors are not lost among its lines.
for (const check of await Promise.all(checks)) {
  if (check.code === 0) continue;
  failed = true;
  process.stderr.write(`\n${check.name} failed:\n${check.output}\n`);
}
process.exit(failed ? 1 : 0);
