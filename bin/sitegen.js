#!/usr/bin/env node
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNodeVersion } from './node-version.js';

if (checkNodeVersion()) {
  const { compiledCli, useCodeCache } = await import('./compile.js');
  const dir = await compiledCli();
  useCodeCache(dir);
  const { main } = await import(pathToFileURL(path.join(dir, 'cli.js')).href);
  await main(process.argv);
}
