// The contract and its bundle pass Redocly and Spectral with no error and no warning.
import { describe, expect, it } from 'vitest';
import { redocly, spectral } from '../../scripts/lib/tools.ts';

describe('lint', () => {
  for (const file of ['openapi/openapi.yaml', 'generated/openapi.yaml']) {
    it(`redocly lint ${file}: no problems`, () => {
      const result = redocly(['lint', file, '--format', 'json']);
      const report = JSON.parse(result.stdout);
      const problems = report.problems.map((p: any) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
      expect(problems).toEqual([]);
      expect(result.status).toBe(0);
    });
  }

  it('spectral lint on the source and both bundles: no problems of any severity', () => {
    const result = spectral(['lint', '--format', 'json', '--quiet', 'openapi/openapi.yaml', 'generated/openapi.yaml', 'generated/openapi.json']);
    const findings = JSON.parse(result.stdout || '[]').map((f: any) => `${f.code}: ${f.message} at ${f.source}#${f.path.join('.')}`);
    expect(findings).toEqual([]);
  });
});
