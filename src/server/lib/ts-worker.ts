/**
 * Starting a worker thread from a module of this code base, whether it runs as TypeScript (under
 * `tsx src/server/main.ts` or vitest) or as compiled JavaScript.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The file of a worker entry that sits beside the calling module, with the caller's extension:
 * `siblingFile(import.meta.url, 'sheet-worker')` → `/…/sheet-worker.ts` under tsx or vitest,
 * `/…/sheet-worker.js` once compiled.
 */
export function siblingFile(moduleUrl: string, baseName: string): string {
  const here = fileURLToPath(moduleUrl);
  return path.join(path.dirname(here), `${baseName}${path.extname(here)}`);
}

/**
 * `new Worker(file, options)`; for a `.ts` file the worker first registers tsx's ESM loader,
 * then imports the file. An eval'd worker is CommonJS, and tsx's CommonJS API build cannot
 * register its ESM hooks (tsx 4.23), hence the dynamic import of `tsx/esm/api`. `options`
 * (workerData, resourceLimits, …) pass through unchanged.
 */
export function spawnModuleWorker(file: string, options: WorkerOptions = {}): Worker {
  if (!file.endsWith('.ts')) return new Worker(file, options);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = pathToFileURL(file).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
