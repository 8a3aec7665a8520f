/**
 * Runs one command as a child process and measures it: wall time (our clock,
 * spawn to exit), CPU time (user + sys from GNU time, which counts every
 * descendant that was waited for) and peak RSS of the whole process tree
 * (sampled from /proc, summing every process that descends from the child).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Measurement {
  ok: boolean;
  code: number | null;
  wall_s: number;
  /** user + sys of the child and the descendants it waited for (GNU time), or the /proc estimate. */
  cpu_s: number;
  /** Peak of the summed RSS of the child's process tree, sampled every SAMPLE_MS. */
  rss_mb: number;
  /** The largest single process's peak RSS (GNU time %M). */
  rss_max_process_mb?: number;
  /** CPU summed from /proc samples, including descendants nobody waited for (esbuild's service). */
  cpu_sampled_s: number;
  stdout: string;
  stderr: string;
}

const SAMPLE_MS = 20;
const TIME_BIN = '/usr/bin/time';
const PAGE_KB = 4;
const TICKS_PER_S = 100;

/** Makes sure GNU time is there: installs it with apt when root, else measures CPU from /proc. */
export function ensureGnuTime(): boolean {
  if (existsSync(TIME_BIN)) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('installing GNU time (apt-get install -y time) …');
  spawnSync('apt-get', ['install', '-y', 'time'], { stdio: 'ignore' });
  return existsSync(TIME_BIN);
}

/** Every child the bench starts, so that an interrupted run still stops them. */
const running = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Stops one child and its process group (the bench starts each child as a group leader). */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try { process.kill(-child.pid!, name); } catch { try { child.kill(name); } catch { /* already gone */ } }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

export async function measure(command: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; useTime: boolean }): Promise<Measurement> {
  const timeDir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-time-'));
  const timeFile = path.join(timeDir, 'time.txt');
  const argv = options.useTime ? [TIME_BIN, '-f', '%U %S %M', '-o', timeFile, ...command] : command;
  const started = process.hrtime.bigint();
  const child = track(spawn(argv[0], argv.slice(1), { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
  const sampler = sampleTree(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => { stdout += chunk; });
  child.stderr!.on('data', (chunk) => { stderr += chunk; });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve(exitCode));
  });
  const wall_s = Number(process.hrtime.bigint() - started) / 1e9;
  const sampled = sampler.stop();
  let cpu_s = sampled.cpu_s;
  let rss_max_process_mb: number | undefined;
  if (options.useTime) {
    const [user, sys, maxKb] = (await readFile(timeFile, 'utf8').catch(() => '')).trim().split('\n').pop()!.split(' ').map(Number);
    if (Number.isFinite(user) && Number.isFinite(sys)) cpu_s = user + sys;
    if (Number.isFinite(maxKb)) rss_max_process_mb = maxKb / 1024;
  }
  await rm(timeDir, { recursive: true, force: true });
  return { ok: code === 0, code, wall_s, cpu_s, rss_mb: sampled.rss_mb, rss_max_process_mb, cpu_sampled_s: sampled.cpu_s, stdout, stderr };
}

interface ProcStat { ppid: number; ticks: number; rssPages: number; start: string }

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after it are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), rssPages: Number(fields[21]), start: fields[19] };
  } catch {
    return undefined;
  }
}

/**
 * Samples the tree under `rootPid` (the GNU time wrapper, itself left out of
 * the RSS). A process once seen stays counted for CPU after it is orphaned.
 */
function sampleTree(rootPid: number): { stop(): { rss_mb: number; cpu_s: number } } {
  const members = new Map<string, { start: string; ticks: number }>();
  let peakPages = 0;
  const sample = () => {
    const stats = new Map<string, ProcStat>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = readStat(pid);
      if (stat) stats.set(pid, stat);
    }
    const inTree = (pid: string): boolean => {
      if (pid === String(rootPid)) return true;
      const known = members.get(pid);
      if (known && known.start === stats.get(pid)?.start) return true;
      const parent = stats.get(pid)?.ppid;
      return parent !== undefined && parent > 1 && inTree(String(parent));
    };
    let pages = 0;
    for (const [pid, stat] of stats) {
      if (!inTree(pid)) continue;
      members.set(pid, { start: stat.start, ticks: stat.ticks });
      if (pid !== String(rootPid)) pages += stat.rssPages;
    }
    peakPages = Math.max(peakPages, pages);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      const ticks = [...members.values()].reduce((sum, member) => sum + member.ticks, 0);
      return { rss_mb: (peakPages * PAGE_KB) / 1024, cpu_s: ticks / TICKS_PER_S };
    },
  };
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
