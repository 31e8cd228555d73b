// The import worker's entry when the service runs from its TypeScript sources (`node --import tsx`, vitest): a worker
// thread does not inherit the main thread's loader, so it registers tsx's before it loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./sheet-worker.ts');
