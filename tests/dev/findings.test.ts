// What a save with a file that does not parse shows, in the terminal and over the page: the parse
// error first, with its file and line relative to the checkout, then what follows from it elsewhere,
// marked as such (dev/build/pipeline/findings.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { byPlace, type Finding, formatFinding, leadWithCause } from '../../dev/build/pipeline/findings.ts';
import { root } from '../../dev/paths.ts';

const BROKEN = 'openapi/components/schemas/CarrierSetupStatusCompleted.yaml';
const at = (file: string, line: number, rule: string, message: string): Finding => ({
  file,
  line,
  col: 3,
  rule,
  message,
  severity: 'error',
});

// As the two linters report one YAML typo, in reading order: the knock-ons in files before it come first.
const typo = [
  at(
    'openapi/components/examples/CarrierSetupStatusCompleted.yaml',
    6,
    'oas3-valid-media-example',
    'Cannot convert undefined or null to object',
  ),
  at(
    'openapi/components/schemas/CarrierSetupStatus.yaml',
    17,
    'no-unresolved-refs',
    `Can't resolve $ref: deficient indentation in "${path.join(root, BROKEN)}" (23:3)`,
  ),
  at(BROKEN, 23, 'no-unresolved-refs', `Failed to parse: deficient indentation in "${path.join(root, BROKEN)}" (23:3)`),
  at(BROKEN, 23, 'no-unresolved-refs', `Failed to parse: deficient indentation in "${path.join(root, BROKEN)}" (23:3)`),
  at(BROKEN, 23, 'parser', 'Invalid mixed usage of block and flow styles'),
].sort(byPlace);

describe('the findings of a save', () => {
  const led = leadWithCause(typo);

  it('lead with the parse error, once, at its file and line', () => {
    expect(led[0]).toMatchObject({ file: BROKEN, line: 23, rule: 'parser' });
    expect(led.filter((finding) => finding.file === BROKEN)).toHaveLength(1);
  });

  it('follow it with the knock-on findings, each marked with the file that does not parse', () => {
    expect(led.slice(1).map((finding) => [finding.file, finding.after])).toEqual([
      ['openapi/components/examples/CarrierSetupStatusCompleted.yaml', BROKEN],
      ['openapi/components/schemas/CarrierSetupStatus.yaml', BROKEN],
    ]);
    expect(formatFinding(led[1]!)).toMatch(
      /\(knock-on: openapi\/components\/schemas\/CarrierSetupStatusCompleted\.yaml does not parse\)$/,
    );
  });

  it('name paths relative to the checkout, in their messages too', () => {
    expect(led.some((finding) => finding.message.includes(root))).toBe(false);
    expect(led[2]!.message).toContain(`"${BROKEN}" (23:3)`);
  });

  it('stay as they are, in their order, when every file parses', () => {
    const clean = typo.filter((finding) => finding.file !== BROKEN);
    expect(leadWithCause(clean).map((finding) => finding.after)).toEqual([undefined, undefined]);
    expect(leadWithCause(clean).map((finding) => finding.file)).toEqual(clean.map((finding) => finding.file));
  });
});
