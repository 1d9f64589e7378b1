import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = path.resolve(import.meta.dirname, '..');
const WEB_BUILD = path.join(REPO, 'web', 'build');

/** A page of the test server that answers as a server in trouble would. */
export const FAILING_PAGE_PATH = '/under-maintenance';
export const FAILING_PAGE_HEADING = 'Down for maintenance';

export interface DeployableServer {
  origin: string;
  /** Deploys a new build: the service worker changes as it does with every build's precache list. */
  deployNewWorker(): void;
  /** Deploys a build with a new id, as a restart on new files does; resolves once it answers. */
  deployNewBuild(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A server of its own on a copy of the web build, so a test can deploy a new version without the
 * other tests' server noticing. Its pages render with the real build, except FAILING_PAGE_PATH,
 * which answers 503.
 */
export async function startDeployableServer(port: number): Promise<DeployableServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-e2e-deploy-'));
  const clientDir = path.join(dir, 'client');
  fs.cpSync(path.join(WEB_BUILD, 'client'), clientDir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'));
  const realEntry = pathToFileURL(path.join(WEB_BUILD, 'server', 'index.js')).href;
  const buildIdFile = path.join(dir, 'build-id');
  fs.writeFileSync(
    path.join(dir, 'server', 'index.js'),
    `import fs from 'node:fs';
    import { handleRequest as render, buildId as builtId } from ${JSON.stringify(realEntry)};
    const idFile = ${JSON.stringify(buildIdFile)};
    export const buildId = fs.existsSync(idFile) ? fs.readFileSync(idFile, 'utf8') : builtId;
    export function handleRequest(request, context) {
      if (new URL(request.url).pathname === ${JSON.stringify(FAILING_PAGE_PATH)}) {
        return new Response('<!doctype html><title>503</title><h1>${FAILING_PAGE_HEADING}</h1>', {
          status: 503,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      }
      return render(request, context);
    }`,
  );
  const origin = `http://localhost:${port}`;
  const start = async () => {
    const child: ChildProcess = spawn(process.execPath, [path.join(REPO, 'server', 'dist', 'main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        WEB_BUILD_DIR: dir,
        SEED_PROFILES: '12',
        LOG_LEVEL: 'warn',
        TRUSTED_PROXIES: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await waitForHealth(origin, child);
    return async () => {
      child.kill('SIGTERM');
      await exited;
    };
  };
  let stop = await start();
  return {
    origin,
    deployNewWorker() {
      fs.appendFileSync(path.join(clientDir, 'sw.js'), `\n// deployed ${Date.now()}\n`);
    },
    async deployNewBuild() {
      fs.writeFileSync(buildIdFile, `deployed-${Date.now()}`);
      await stop();
      stop = await start();
    },
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The deployable server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The deployable server did not answer at ${origin} within a minute`);
}
