// What a lint or a bundle reports, pointing at the source file under openapi/ (not the bundle), and
// its one-line form for a terminal: `file:line:col rule message`.
import path from 'node:path';
import { root } from '../../paths.ts';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Finding {
  /** The file, relative to the repository, with forward slashes. */
  file: string;
  line: number;
  col: number;
  rule: string;
  message: string;
  severity: Severity;
  /** Set on a finding that may only follow from a file that does not parse: that file, whose parse error comes first. */
  after?: string;
}

/** A path of the repository as findings name it: relative to the root, with forward slashes. */
export const repositoryPath = (file: string) =>
  (path.isAbsolute(file) ? path.relative(root, file) : file).split(path.sep).join('/');

export const formatFinding = (finding: Finding) =>
  `${finding.file}:${finding.line}:${finding.col} ${finding.rule} ${finding.message}${finding.after ? ` (knock-on: ${finding.after} does not parse)` : ''}`;

/** Findings in reading order: by file, then line, then column. */
export const byPlace = (a: Finding, b: Finding) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule);

/** Whether a finding says that its file does not parse (Spectral's parser, Redocly's resolver). */
export const isParseError = (finding: Finding) =>
  finding.rule === 'parser' || (finding.rule === 'no-unresolved-refs' && finding.message.startsWith('Failed to parse'));

/** A message with the checkout's absolute paths written relative to it, as the findings' files are. */
const relativeMessage = (message: string) => message.replaceAll(`${root}${path.sep}`, '');

/**
 * The findings led by their cause: the parse errors first (each once per file and line), then every
 * other finding, marked as a knock-on of the first file that does not parse, since a file the tools
 * cannot read makes findings elsewhere (a $ref that cannot be resolved, an example checked against a
 * schema that is missing). Paths in messages are relative to the checkout. Without a parse error,
 * the findings stay as they are, in their order.
 */
export function leadWithCause(findings: Finding[]): Finding[] {
  const relative = findings.map((finding) => ({ ...finding, message: relativeMessage(finding.message) }));
  const parseErrors = relative.filter(isParseError).sort(byPlace);
  if (parseErrors.length === 0) return relative;
  // One per place: Redocly reports a file that does not parse once per $ref that reaches it.
  const seen = new Set<string>();
  const causes = parseErrors.filter((finding) => {
    const place = `${finding.file}:${finding.line}`;
    if (
      finding.rule !== 'parser' &&
      parseErrors.some((other) => other.rule === 'parser' && other.file === finding.file)
    )
      return false;
    if (seen.has(place)) return false;
    seen.add(place);
    return true;
  });
  const broken = causes[0]!.file;
  const knockOns = relative
    .filter((finding) => !isParseError(finding))
    .map((finding) => ({ ...finding, after: broken }));
  return [...causes, ...knockOns];
}

/** A bundle or render that cannot go on: its findings say what and where. */
export class ContractError extends Error {
  readonly findings: Finding[];
  constructor(findings: Finding[]) {
    const led = leadWithCause(findings);
    super(led.map(formatFinding).join('\n'));
    this.name = 'ContractError';
    this.findings = led;
  }
}
