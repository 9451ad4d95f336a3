// Part `dev` of `npm run bench`: the contract author's loop. It drives the real `npm run dev` as a
// process of its own, in a copy of the repository, and times from a save to:
// 1. the reference page served with the change (a $ref-ed example file; median of 7 edits, the first
//    of them 5 s after the start, printed also on its own);
// 2. the mock answering with the changed example (7 more edits, polled every 20 ms);
// 3. a lint error's finding printed (median of 7);
// the memory of its processes over 100 saves after 20 to warm up (the floor: the least of ten samples,
// at the start and at the end), and the processes it runs (none started per save: Prism answers in
// its own process). Then, side by side in copies of
// the repository, alternating: the cold `npm run build` and `npm run build:check` with nothing stale,
// against the same commands before the pipeline (the commit before dev/build/pipeline/ was added, its
// build spawning `redocly bundle` three times and `build:check` building a copy). Times are printed
// as ratios to the calibration (../shared/tools/calibrate.mjs, read before and after), with goals.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { settingOf } from 'shipping-api-v3-sandbox/settings';
import { median } from '../bench.ts';
import { freePort } from '../cli.ts';
import { root } from '../paths.ts';
import { copyRepository, linkInstalledPackages, makeTempDir } from '../tools.ts';

const EDITS = 7;
const FIRST_SAVE_AFTER_MS = 5000;
const SAVES = 100;
const WARM_UP = 20;
const ROUNDS = 3;
const EXAMPLE = 'openapi/components/examples/CarrierSetupStatusCompleted.yaml';
const SCHEMA = 'openapi/components/schemas/CarrierSetupStatusCompleted.yaml';
const CALIBRATE = path.join(root, '../shared/tools/calibrate.mjs');

function calibration(): number | undefined {
  if (!existsSync(CALIBRATE)) return undefined;
  return Number(execFileSync(process.execPath, [CALIBRATE], { encoding: 'utf8' }).trim());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `pauseMs` until it holds; returns the milliseconds since `start`. */
async function timeUntil(
  start: number,
  probe: () => Promise<boolean> | boolean,
  limitMs = 30_000,
  pauseMs = 5,
): Promise<number> {
  while (!(await probe())) {
    if (performance.now() - start > limitMs) throw new Error(`no result within ${limitMs} ms`);
    await sleep(pauseMs);
  }
  return performance.now() - start;
}

/** The processes a process started that are running now. */
const childrenOf = (pid: number): number[] =>
  spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

/** The resident memory of a process and its children, in MiB, from /proc. */
function treeRss(pid: number): number {
  const children = childrenOf(pid);
  const rss = (id: number) => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1];
      return Number(kb ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  return rss(pid) + children.reduce((sum, child) => sum + rss(child), 0);
}

async function devLoop(copy: string) {
  const [docs, mock, sandbox] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(copy, 'scripts/dev.ts'), '--docs-port', String(docs), '--port', String(mock)],
    {
      cwd: copy,
      env: { ...process.env, [settingOf('port').variable]: String(sandbox) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await timeUntil(performance.now(), () => output.includes('Press Ctrl-C'), 120_000);
  // A first save comes some seconds after the start, as an author's does (the loop warms its steps then).
  await sleep(FIRST_SAVE_AFTER_MS);
  const file = (name: string) => path.join(copy, name);
  const edit = (name: string, from: RegExp, to: string) =>
    writeFileSync(file(name), readFileSync(file(name), 'utf8').replace(from, to));
  const summaries = () => (output.match(/^\[dev\] /gm) ?? []).length;
  const page = () => fetch(`http://127.0.0.1:${docs}/`).then((response) => response.text());
  const completed = () =>
    fetch(`http://127.0.0.1:${mock}/api/public/v3/setups/carriers`, {
      headers: { authorization: 'Basic YTpi', prefer: 'example=completed' },
    }).then((response) => response.json() as Promise<{ expires_at: string }>);
  /**
   * The builds the event stream announces, as an open page hears of them; opened before a save, so
   * that the save's build is not missed. The page is fetched only at a new build: polling the 2.6 MB
   * page would load the process being measured.
   */
  const builds = async () => {
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${docs}/_dev/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let buffer = '';
    const next = async (): Promise<string> => {
      while (!buffer.includes('\n\n')) buffer += Buffer.from((await reader.read()).value ?? []).toString();
      const event = buffer.slice(0, buffer.indexOf('\n\n'));
      buffer = buffer.slice(buffer.indexOf('\n\n') + 2);
      return (JSON.parse(/^data: (.*)$/m.exec(event)![1]!) as { build: string }).build;
    };
    const first = await next();
    return {
      /** Resolves once a build after the first serves a page with `text`. */
      pageWith: async (text: string) => {
        for (let build = first; ; ) {
          const announced = await next();
          if (announced !== build && (await page()).includes(text)) return;
          build = announced;
        }
      },
      close: () => controller.abort(),
    };
  };

  const pageMs: number[] = [];
  const mockMs: number[] = [];
  for (let i = 0; i < 2 * EDITS; i++) {
    const stamp = `20${50 + i}-0${(i % 9) + 1}-15T10:00:00Z`;
    const before = summaries();
    const stream = i < EDITS ? await builds() : undefined;
    const start = performance.now();
    edit(EXAMPLE, /expires_at: '[^']*'/, `expires_at: '${stamp}'`);
    if (stream) {
      await stream.pageWith(stamp);
      pageMs.push(performance.now() - start);
      stream.close();
    } else mockMs.push(await timeUntil(start, async () => (await completed()).expires_at === stamp, 30_000, 20));
    await timeUntil(performance.now(), () => summaries() > before);
  }

  const lintMs: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const from = output.length;
    const start = performance.now();
    edit(SCHEMA, /^ {2}url:\n/m, '  downloadUrl:\n');
    lintMs.push(await timeUntil(start, () => / property-snake-case /.test(output.slice(from))));
    const served = output.length;
    edit(SCHEMA, /^ {2}downloadUrl:\n/m, '  url:\n');
    await timeUntil(performance.now(), () => /served/.test(output.slice(served)));
  }

  // The memory after each save from the 21st on: the first twenty load and optimise what the rebuilds use.
  const samples: number[] = [];
  // Every process the loop runs beside itself, seen after any save: one started per save would add one each time.
  const processes = new Set(childrenOf(child.pid!));
  const atStart = processes.size;
  for (let i = 0; i < WARM_UP + SAVES; i++) {
    const before = summaries();
    edit(
      SCHEMA,
      /description: Generation has \w+\. Download/,
      `description: Generation has ${i % 2 ? 'ended' : 'finished'}. Download`,
    );
    await timeUntil(performance.now(), () => summaries() > before);
    for (const pid of childrenOf(child.pid!)) processes.add(pid);
    if (i >= WARM_UP) samples.push(treeRss(child.pid!));
  }
  // The lowest of the first and of the last ten samples: the garbage collector runs when it likes,
  // so the memory swings by some 100 MiB between saves; what a leak raises is the lows.
  const rssBefore = Math.min(...samples.slice(0, 10));
  const rssAfter = Math.min(...samples.slice(-10));
  child.kill('SIGINT');
  await exited;
  return {
    firstPageMs: pageMs[0]!,
    pageMs: median(pageMs),
    mockMs: median(mockMs),
    lintMs: median(lintMs),
    rssBefore,
    rssAfter,
    processes: { atStart, seen: processes.size },
  };
}

/** The repository as it was before the pipeline: the parent of the commit that added its run.ts (followed across the move to dev/build/pipeline/). */
function repositoryBefore(dir: string): string {
  const added = execFileSync(
    'git',
    ['log', '--follow', '--diff-filter=A', '--format=%H', '--', 'dev/build/pipeline/run.ts'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .trim()
    .split('\n')
    .at(-1)!;
  const archive = spawnSync('git', ['archive', `${added}^`], { cwd: root, maxBuffer: 1 << 30 });
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  // The old tree's own workspaces: today's sandbox package no longer has what its dev/cli.ts imports.
  linkInstalledPackages(dir);
  return `${added.slice(0, 7)}^`;
}

function wallMs(dir: string, args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, [path.join(dir, 'scripts/build.ts'), ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`build ${args.join(' ')} failed in ${dir}:\n${result.stdout}${result.stderr}`);
  return performance.now() - start;
}

const ratio = (value: number, of: number) => (value / of).toFixed(2);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

export async function bench(): Promise<void> {
  const before = calibration();
  console.log(`\n## dev: calibration ${before ?? 'unknown (../shared/tools/calibrate.mjs not found)'} s before`);
  const { dir, remove } = makeTempDir('shipping bench dev-');
  try {
    const now = path.join(dir, 'now');
    const then = path.join(dir, 'before');
    copyRepository(now);
    const loop = await devLoop(now);
    const cal = (before ?? 1) * 1000;
    console.log(
      `save → page served: ${loop.pageMs.toFixed(0)} ms, ${ratio(loop.pageMs, cal)}x calibration (goal ≤ 0.5: ${verdict(loop.pageMs <= cal * 0.5)})`,
    );
    console.log(
      `the first save, ${FIRST_SAVE_AFTER_MS / 1000} s after the start → page served: ${loop.firstPageMs.toFixed(0)} ms, ${ratio(loop.firstPageMs, cal)}x calibration (one of the 7 above)`,
    );
    console.log(
      `save → mock answers: ${loop.mockMs.toFixed(0)} ms, ${ratio(loop.mockMs, cal)}x calibration (goal ≤ 0.5: ${verdict(loop.mockMs <= cal * 0.5)})`,
    );
    console.log(
      `save of a lint error → finding printed: ${loop.lintMs.toFixed(0)} ms, ${ratio(loop.lintMs, cal)}x calibration (goal ≤ 0.5: ${verdict(loop.lintMs <= cal * 0.5)})`,
    );
    const growth = loop.rssAfter - loop.rssBefore;
    console.log(
      `memory of npm run dev's processes over ${SAVES} saves, the floor: ${loop.rssBefore.toFixed(0)} → ${loop.rssAfter.toFixed(0)} MiB, ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB (goal ≤ +20: ${verdict(growth <= 20)})`,
    );
    const started = loop.processes.seen - loop.processes.atStart;
    console.log(
      `processes beside npm run dev: ${loop.processes.atStart} at the start, ${started} more seen over ${WARM_UP + SAVES} saves (goal none per save: ${verdict(started === 0)})`,
    );

    const commit = repositoryBefore(then);
    const times = {
      buildNow: [] as number[],
      buildThen: [] as number[],
      checkNow: [] as number[],
      checkThen: [] as number[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      times.buildThen.push(wallMs(then, []));
      times.buildNow.push(wallMs(now, []));
      times.checkThen.push(wallMs(then, ['--check']));
      times.checkNow.push(wallMs(now, ['--check']));
    }
    const [buildNow, buildThen, checkNow, checkThen] = [
      times.buildNow,
      times.buildThen,
      times.checkNow,
      times.checkThen,
    ].map(median) as [number, number, number, number];
    console.log(
      `cold npm run build: ${buildNow.toFixed(0)} ms against ${buildThen.toFixed(0)} ms before the pipeline (${commit}), ${ratio(buildNow, buildThen)} (goal ≤ 0.5: ${verdict(buildNow <= buildThen / 2)})`,
    );
    console.log(
      `npm run build:check, nothing stale: ${checkNow.toFixed(0)} ms against ${checkThen.toFixed(0)} ms, ${ratio(checkNow, checkThen)} (goal ≤ 0.33: ${verdict(checkNow <= checkThen / 3)})`,
    );
    console.log(`medians of ${ROUNDS} alternating rounds; calibration ${calibration() ?? 'unknown'} s after`);
  } finally {
    remove();
  }
}
