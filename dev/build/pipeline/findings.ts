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
}

/** A path of the repository as findings name it: relative to the root, with forward slashes. */
export const repositoryPath = (file: string) =>
  (path.isAbsolute(file) ? path.relative(root, file) : file).split(path.sep).join('/');

export const formatFinding = (finding: Finding) =>
  `${finding.file}:${finding.line}:${finding.col} ${finding.rule} ${finding.message}`;

/** Findings in reading order: by file, then line, then column. */
export const byPlace = (a: Finding, b: Finding) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule);

/** A bundle or render that cannot go on: its findings say what and where. */
export class ContractError extends Error {
  readonly findings: Finding[];
  constructor(findings: Finding[]) {
    super(findings.map(formatFinding).join('\n'));
    this.name = 'ContractError';
    this.findings = findings;
  }
}
