import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The boundaries in eslint.config.mjs, checked on probe files in a scratch copy of the workspace's Nx and ESLint
 * configuration: the real tree is never touched, and whatever other files hold does not change the verdict.
 */
const root = join(__dirname, '..', '..');
const run = promisify(execFile);
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const RULE = '@nx/enforce-module-boundaries';

const PROBES = {
  webImportsService: [
    'apps/web/src/boundaries-probe.ts',
    `import { RoomsModule } from '@lt/rooms';\n\nexport const probe = RoomsModule;\n`,
  ],
  gatewayImportsService: [
    'libs/gateway/src/boundaries-probe.ts',
    `import { RoomsModule } from '@lt/rooms';\n\nexport const probe = RoomsModule;\n`,
  ],
  webImportsContracts: [
    'apps/web/src/boundaries-ok-probe.ts',
    `import { LANGUAGES } from '@lt/contracts';\n\nexport const probe = LANGUAGES;\n`,
  ],
} as const;

interface EslintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

async function projectFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const group of ['apps', 'libs']) {
    for (const name of await readdir(join(root, group))) found.push(`${group}/${name}/project.json`);
  }
  return found;
}

describe('module boundaries', () => {
  let scratch: string;
  let results: Record<keyof typeof PROBES, EslintResult['messages']>;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'lt-boundaries-'));
    for (const file of ['nx.json', 'package.json', 'tsconfig.base.json', 'eslint.config.mjs', ...(await projectFiles())]) {
      await mkdir(dirname(join(scratch, file)), { recursive: true });
      await cp(join(root, file), join(scratch, file)).catch((error) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    await symlink(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    for (const [file, text] of Object.values(PROBES)) {
      await mkdir(dirname(join(scratch, file)), { recursive: true });
      await writeFile(join(scratch, file), text);
    }

    // What `npm run lint` does first: without a cached project graph the rule skips itself with a warning.
    await run(join(scratch, 'node_modules', '.bin', 'nx'), ['show', 'projects'], { cwd: scratch, env });
    const files = Object.values(PROBES).map(([file]) => file);
    const eslint = await run(join(scratch, 'node_modules', '.bin', 'eslint'), ['--format', 'json', ...files], { cwd: scratch, env }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        if (!error.stdout) throw error;
        return { stdout: error.stdout, stderr: error.stderr ?? '' };
      },
    );
    expect(eslint.stdout).not.toContain('No cached ProjectGraph');
    const parsed = JSON.parse(eslint.stdout) as EslintResult[];
    const messagesOf = (file: string) => parsed.find((r) => r.filePath === join(scratch, file))?.messages ?? [];
    results = {
      webImportsService: messagesOf(PROBES.webImportsService[0]),
      gatewayImportsService: messagesOf(PROBES.gatewayImportsService[0]),
      webImportsContracts: messagesOf(PROBES.webImportsContracts[0]),
    };
  }, 60_000);

  afterAll(() => rm(scratch, { recursive: true, force: true }));

  const boundaryErrors = (messages: EslintResult['messages']) => messages.filter((m) => m.ruleId === RULE).map((m) => m.message);

  it('forbids the web importing a service library', () => {
    expect(boundaryErrors(results.webImportsService)).toEqual([
      expect.stringContaining('"scope:web" can only depend on libs tagged with "scope:shared"'),
    ]);
  });

  it('forbids the gateway library importing a service library', () => {
    expect(boundaryErrors(results.gatewayImportsService)).toEqual([
      expect.stringContaining('"scope:gateway" can only depend on libs tagged with'),
    ]);
  });

  it('lets the web import the contracts', () => {
    expect(results.webImportsContracts).toEqual([]);
  });
});
