import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on one of our TypeScript modules. The thread boots from a `data:` module
 * that calls tsx's register API and imports the entry: this works the same under `tsx` (npm start),
 * vitest and vite's ssrLoadModule (npm run dev) (docs/adr/0004). Throws when threads cannot start.
 */
export function spawnTsWorker(entry: URL): Worker {
  const require = createRequire(import.meta.url);
  const tsx = require
    .resolve('tsx/package.json')
    .replace(/package\.json$/, 'dist/esm/api/index.mjs');
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};
register();
await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}
