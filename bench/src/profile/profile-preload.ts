import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded (`--require`) into the process profile.ts runs under `node --cpu-prof`: V8
 * writes the profile only on a normal exit, and Nest's shutdown hook ends the process by
 * re-raising SIGTERM. Registered first, this listener exits normally before that.
 */
if (isMainThread) process.on('SIGTERM', () => process.exit(0));
