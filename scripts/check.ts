// `npm run check [-- --only unit,lint] [--jobs 2]`: every part of the gate, side by side (dev/check.ts).
import { InvalidArgumentError, Option } from 'commander';
import { check, DEFAULT_JOBS, PARTS } from '../dev/check.ts';
import { command, run } from '../dev/cli.ts';

const names = PARTS.map((part) => part.name).join(', ');
const { only, jobs } = command(
  'check',
  'Runs every part of the gate: lint, typecheck, build:check and every test part.',
)
  .addOption(
    new Option('--only <parts>', `run these parts alone, comma-separated (${names})`)
      .default([] as string[])
      .argParser((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
  )
  .addOption(
    new Option(
      '--jobs <n>',
      'how many of the parts that spread over every core run at once, beside one of the others (or CHECK_JOBS)',
    )
      .env('CHECK_JOBS')
      .default(DEFAULT_JOBS)
      .argParser((value) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('it is not a whole number of 1 or more.');
        return n;
      }),
  )
  .parse()
  .opts<{ only: string[]; jobs: number }>();
await run(() => check({ only, jobs }));
