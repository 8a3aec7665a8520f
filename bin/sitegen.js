#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on the fly with esbuild, so there is
// no separate build step between editing src/ and running sitegen.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
