// `coverage --har FILE…`: which operations and documented responses of the contract the recorded
// traffic exercised, how often, and which it never did; the rules conform judged (--conform); as a
// table, JSON, Markdown or JUnit XML. Every input is read and checked before anything is written.
// Exit 0 when done, 1 when response coverage is below --min, 2 on bad input.
import { contractJudge } from 'shipping-api-v3-contract';
import { writeFileAtomically } from '../atomic-write.ts';
import { coverageOf } from '../coverage/count.ts';
import { readConform, readExclusions, readHar } from '../coverage/inputs.ts';
import { jsonReport, junitReport, markdownReport, textReport } from '../coverage/output.ts';
import { CliError, EXIT, type Io, line, painter } from '../io.ts';
import { junitTarget } from '../junit-target.ts';
import type { CoverageOptions } from './coverage.command.ts';

/** --min: a percentage from 0 to 100. */
function minimum(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const percent = Number(value.replace(/%$/, ''));
  if (value.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new CliError(`--min must be a percentage from 0 to 100, not ${JSON.stringify(value)}.`, EXIT.BAD_INPUT, {
      option: '--min',
    });
  return percent;
}

function checkFlags(options: CoverageOptions): void {
  if (options.har.length === 0)
    throw new CliError('coverage needs at least one --har <file> of recorded traffic.', EXIT.BAD_INPUT, {
      option: '--har',
    });
  if (options.json && options.markdown)
    throw new CliError('--json and --markdown print one form each: give one of them.', EXIT.BAD_INPUT, {
      option: '--markdown',
    });
  if (options.junitSkipUnexercised && !options.junit)
    throw new CliError('--junit-skip-unexercised applies to --junit <file>, which is not given.', EXIT.BAD_INPUT, {
      option: '--junit-skip-unexercised',
    });
}

export async function coverage(options: CoverageOptions, io: Io): Promise<number> {
  checkFlags(options);
  const min = minimum(options.min);
  const junit = await junitTarget(options.junit, io.cwd);
  const judge = contractJudge();
  const recordings = [];
  for (const file of options.har) recordings.push(await readHar(file, io.cwd));
  const conform = [];
  for (const file of options.conform) conform.push(await readConform(file, io.cwd));
  const exclusions = options.exclusions ? await readExclusions(options.exclusions, io.cwd, judge) : [];
  const found = coverageOf(judge, recordings, { ...(conform.length > 0 ? { conform } : {}), exclusions });

  if (junit)
    await writeFileAtomically(
      junit,
      junitReport(found, {
        skipUnexercised: options.junitSkipUnexercised === true,
        timestamp: new Date().toISOString(),
      }),
    );
  if (options.json) line(io.stdout, jsonReport(found));
  else if (options.markdown) io.stdout.write(markdownReport(found));
  else {
    const paint = painter(io.stdout, io.env);
    for (const text of textReport(found, paint)) line(io.stdout, text);
  }
  const { responses } = found.summary;
  if (min !== undefined && responses.percent < min) {
    line(
      io.stderr,
      painter(io.stderr, io.env)(
        'red',
        `Response coverage ${responses.percent}% (${responses.exercised} of ${responses.total}) is below --min ${min}%.`,
      ),
    );
    return EXIT.CHECK_FAILED;
  }
  return EXIT.OK;
}
