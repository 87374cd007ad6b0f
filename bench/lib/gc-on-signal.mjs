// Loaded into a bench's server with `--import` (and --expose-gc): SIGUSR2 runs a full
// garbage collection, so a resident-memory reading counts live objects, not garbage.
process.on('SIGUSR2', () => globalThis.gc?.());
