import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { httpReady, portFree, tcpAccepts } from './probes';

/** The repository root. */
export const ROOT = resolve(__dirname, '../..');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How a process shows it is ready: 200 from an HTTP path (`/readyz` by default), or a TCP port that accepts. */
export type Readiness = { http: number; path?: string } | { tcp: number };

export interface ProcessSpec {
  command: string;
  args: string[];
  env?: Record<string, string>;
  ready: Readiness;
  /** Ports the process listens on: checked free before each start. */
  ports: number[];
}

export interface StartResult {
  /** When the start was asked for (ms since epoch). */
  startedAt: number;
  /** When it answered ready. */
  readyAt: number;
}

const MARKER = 'LT_CHAOS_HARNESS';

/** Every child of every harness in this process, killed when the process ends however it ends. */
const children = new Set<ChildProcess>();
let hooksInstalled = false;

function killEveryChild(): void {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  children.clear();
}

/**
 * Kills the listed processes once `parent` is gone. It runs apart from the test process because a test
 * runner may sandbox `process` (jest gives each test file a copy, whose 'exit' and signal listeners never
 * fire) and because a test process killed with SIGKILL runs no hook at all.
 */
const REAPER = `
const fs = require('node:fs');
const [parent, pidFile, marker] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
setInterval(() => {
  if (alive(Number(parent))) return;
  const pids = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\\n').filter(Boolean).map(Number) : [];
  for (const pid of pids) {
    try {
      if (fs.readFileSync('/proc/' + pid + '/environ', 'utf8').split('\\0').includes(marker)) process.kill(pid, 'SIGKILL');
    } catch {}
  }
  fs.writeFileSync(pidFile, '');
  process.exit(0);
}, 500);
`;

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.once('exit', killEveryChild);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killEveryChild();
      // Then die of the signal as if nobody had listened.
      process.kill(process.pid, signal);
    });
  }
}

/**
 * Real processes by name: start (resolving when ready), SIGKILL, restart on the same ports, their output kept
 * in a log file each. Every process it spawns is killed when the test process ends, however it ends: their
 * ids go to a pid file, and a reaper process kills them once the test process is gone (as does the next
 * harness of the same tag; only processes whose environment carries this harness's tag).
 */
export class ProcessHarness {
  private readonly specs = new Map<string, ProcessSpec>();
  private readonly running = new Map<string, ChildProcess>();
  private readonly ready = new Set<string>();
  private readonly tails = new Map<string, string[]>();
  private readonly pidFile: string;
  private readonly reaper: ChildProcess;

  constructor(
    /** Names this harness's processes and pid file; one harness per tag at a time. */
    private readonly tag: string,
    /** Where each process's output goes, as `<name>.log`. */
    private readonly logDir: string,
  ) {
    installExitHooks();
    mkdirSync(logDir, { recursive: true });
    this.pidFile = join(tmpdir(), `lt-chaos-${tag}.pids`);
    killLeftovers(this.pidFile, tag);
    const env = { ...process.env };
    delete env[MARKER];
    this.reaper = spawn(process.execPath, ['-e', REAPER, String(process.pid), this.pidFile, `${MARKER}=${tag}`], {
      detached: true,
      stdio: 'ignore',
      env,
    });
    this.reaper.unref();
  }

  define(name: string, spec: ProcessSpec): void {
    this.specs.set(name, spec);
  }

  names(): string[] {
    return [...this.specs.keys()];
  }

  /** Started and answering ready (false from the kill until the restart is ready). */
  isReady(name: string): boolean {
    return this.ready.has(name);
  }

  pid(name: string): number | undefined {
    return this.running.get(name)?.pid;
  }

  /** Starts one process and resolves when it is ready. */
  async start(name: string, readyTimeoutMs = 90_000): Promise<StartResult> {
    const spec = this.spec(name);
    if (this.running.has(name)) throw new Error(`${name} is already running`);
    for (const port of spec.ports) {
      // A process killed a moment ago (here or by a leftover clean-up) may still hold its port briefly.
      for (let i = 0; !(await portFree(port)); i++) {
        if (i >= 30) throw new Error(`port ${port} of ${name} is taken by another program`);
        await sleep(100);
      }
    }
    const startedAt = Date.now();
    const child = spawn(spec.command, spec.args, {
      cwd: ROOT,
      env: { ...process.env, ...spec.env, [MARKER]: this.tag },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    this.running.set(name, child);
    if (child.pid) appendFileSync(this.pidFile, `${child.pid}\n`);
    const logFile = join(this.logDir, `${name}.log`);
    appendFileSync(logFile, `\n----- ${new Date(startedAt).toISOString()} start (pid ${child.pid}) -----\n`);
    const tail = this.tails.get(name) ?? [];
    this.tails.set(name, tail);
    const keep = (chunk: Buffer) => {
      appendFileSync(logFile, chunk);
      tail.push(...String(chunk).split('\n').filter(Boolean));
      if (tail.length > 100) tail.splice(0, tail.length - 100);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      children.delete(child);
      appendFileSync(logFile, `----- exit ${code ?? signal} -----\n`);
      if (this.running.get(name) === child) {
        this.running.delete(name);
        this.ready.delete(name);
      }
    });
    await this.waitReady(name, child, readyTimeoutMs);
    this.ready.add(name);
    return { startedAt, readyAt: Date.now() };
  }

  /** Kills one process (SIGKILL by default: no shutdown hooks, no goodbye to the bus or the database). */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.running.get(name);
    this.running.delete(name);
    this.ready.delete(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** Kills, waits `downMs`, starts again on the same ports. */
  async restart(name: string, downMs: number): Promise<StartResult> {
    await this.kill(name);
    await sleep(downMs);
    return this.start(name);
  }

  /** Starts several at once. */
  async startAll(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => this.start(name)));
  }

  /** The last lines a process printed. */
  lastLines(name: string, lines = 30): string {
    return (this.tails.get(name) ?? []).slice(-lines).join('\n');
  }

  /** Kills every process of this harness, and its reaper. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.kill(name)));
    writeFileSync(this.pidFile, '');
    this.reaper.kill('SIGKILL');
  }

  private spec(name: string): ProcessSpec {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`no process named ${name}`);
    return spec;
  }

  private async waitReady(name: string, child: ChildProcess, timeoutMs: number): Promise<void> {
    const { ready } = this.spec(name);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${this.lastLines(name)}`);
      }
      if ('tcp' in ready ? await tcpAccepts(ready.tcp) : await httpReady(ready.http, ready.path ?? '/readyz')) return;
      await sleep(100);
    }
    throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${this.lastLines(name)}`);
  }
}

/** A NATS server of the test's own, so that it can be killed: `nats-server -a 127.0.0.1 -p <port>`. */
export function natsServerSpec(port: number, binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server'): ProcessSpec {
  return { command: binary, args: ['-a', '127.0.0.1', '-p', String(port)], ready: { tcp: port }, ports: [port] };
}

/** One of the built server apps (dist/server/apps/<app>/src/main.js), launched as scripts/start.mjs does. */
export function serverAppSpec(app: string, env: Record<string, string>, ready: Readiness, ports: number[]): ProcessSpec {
  return {
    command: process.execPath,
    args: ['-r', 'tsconfig-paths/register', `dist/server/apps/${app}/src/main.js`],
    // The compiled code imports `@lt/<lib>`; this config maps them to dist/server/libs.
    env: { TS_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'), ...env },
    ready,
    ports,
  };
}

/**
 * Brings dist/server up to date with the sources through the apps' Nx `build` targets (cached: a few seconds when
 * nothing changed). Skipped when the caller has built them already (the `integration` target depends on the builds).
 */
export function buildServer(log: (line: string) => void): void {
  if (process.env.LT_CHAOS_SKIP_BUILD !== '1') {
    const nx = join(ROOT, 'node_modules/.bin/nx');
    const result = spawnSync(nx, ['run-many', '-t', 'build', '--exclude=web', '--outputStyle=static-failures-only'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    });
    if (result.status !== 0) log(`the server build failed:\n${(result.stdout + result.stderr).slice(-2000)}`);
  }
  if (!existsSync(join(ROOT, 'dist/server/apps/gateway/src/main.js')))
    throw new Error('dist/server is missing: "npm run build:server" failed');
}

/** Kills the processes a killed run of this tag left behind: only those listed in its pid file and carrying its tag. */
function killLeftovers(pidFile: string, tag: string): void {
  if (!existsSync(pidFile)) return;
  const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
  for (const pid of pids) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environ.includes(`${MARKER}=${tag}`)) process.kill(pid, 'SIGKILL');
    } catch {
      /* gone, or not ours */
    }
  }
  writeFileSync(pidFile, '');
}
