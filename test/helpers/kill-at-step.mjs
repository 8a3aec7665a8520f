/**
 * Loaded with `node --import` into a `sitegen build` a test starts: the
 * process kills itself (SIGKILL, as `kill -9` or a power cut would) just
 * before its step number KILL_AT_STEP of changing the output folder
 * KILL_OUT_DIR, a step being one rename into it or one removal from it. A
 * test runs the same build once per step to cut it at each. Nothing of
 * sitegen knows of this: node:fs itself is wrapped.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const limit = Number(process.env.KILL_AT_STEP);
const outDir = path.resolve(process.env.KILL_OUT_DIR ?? '');
let steps = 0;
const inside = (file) => path.resolve(String(file)).startsWith(outDir + path.sep);
const step = (file) => {
  if (!inside(file)) return;
  if (steps++ === limit) process.kill(process.pid, 'SIGKILL');
};

const { renameSync, rmSync } = fs;
fs.renameSync = function (from, to) {
  step(to);
  return renameSync.call(this, from, to);
};
fs.rmSync = function (file, options) {
  step(file);
  return rmSync.call(this, file, options);
};
syncBuiltinESMExports();
