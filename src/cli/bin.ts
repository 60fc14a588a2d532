/** Entry point of the `catalog` program. */
import { main } from './main.js';

main(process.argv).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
