#!/usr/bin/env node
// The `shipping-api` executable. It is a file of its own, committed, because npm links a workspace's
// executables before it runs `prepare`, which builds dist/: an executable named in dist/ would not
// exist yet in a fresh clone, and `npx shipping-api` would ask the registry for it instead.
import '../dist/main.js';
