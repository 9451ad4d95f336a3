// `npm run sandbox [-- --port 4020 --host 127.0.0.1 --accounts <file> --store memory --generation-ms 3000 …]`:
// `shipping-api sandbox` from this checkout, until Ctrl-C or SIGTERM. Each flag has a SANDBOX_*
// variable; `npm run sandbox -- --help` lists them.
process.argv.splice(2, 0, 'sandbox');
await import('../packages/cli/src/main.ts');
