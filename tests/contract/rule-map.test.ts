// The rule map, openapi/rules.yaml: every rule of the specification, where the contract states it
// (or marks it open), and the test that proves it. The checker runs on the real map, and on small
// planted maps that each break one thing, so that every check is seen to fail.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkRuleMap, loadRuleMap, type RuleEntry, titleIds } from '../support/harness/rule-map.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

describe('openapi/rules.yaml', () => {
  const map = loadRuleMap() as { rules: RuleEntry[] };

  it('holds: every entry resolves in the contract and is proven by its tests, and every id in a test title is in the map', () => {
    expect(checkRuleMap(map)).toEqual([]);
  });

  it('maps every section of the specification, with rules stated and rules left open', () => {
    const sections = new Set(map.rules.map((entry) => entry.section));
    for (const section of [
      '0',
      '1',
      '2.1',
      '2.2',
      '2.3',
      '2.4',
      '3',
      '4.1',
      '4.2',
      '4.3',
      '4.4',
      '4.5',
      '4.6',
      '5.1',
      '5.2',
      '6',
      '7',
      '8',
      '9',
    ]) {
      expect(sections, section).toContain(section);
    }
    for (const n of [1, 2, 3, 4, 5]) expect(map.rules.map((e) => e.id)).toContain(`5.1.${n}`);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect(map.rules.map((e) => e.id)).toContain(`5.2.${n}`);
    expect(map.rules.filter((e) => e.kind === 'stated').length).toBeGreaterThan(80);
    expect(map.rules.filter((e) => e.kind === 'open').length).toBeGreaterThan(15);
  });
});

const q = "'";

describe('the checker of the rule map fails on a map that breaks it', () => {
  // A tiny contract and test folder of its own, so that each planted map breaks one thing only.
  const base = tempDirForTests('rule-map-');
  const contract = path.join(base, 'openapi');
  mkdirSync(contract, { recursive: true });
  mkdirSync(path.join(base, 'tests'), { recursive: true });
  writeFileSync(
    path.join(contract, 'contract.yaml'),
    stringify({
      info: { description: 'States the rule.', 'x-unspecified': 'The rest.' },
      paths: { '/a/b': { get: { 'x~y': 'escaped' } } },
    }),
  );
  writeFileSync(path.join(contract, 'schema.json'), JSON.stringify({ $defs: { Thing: { type: 'string' } } }));
  const testFile = 'tests/good.test.ts';
  // The quote is put in apart, so that this file's own source carries no id of the planted map.
  writeFileSync(
    path.join(base, testFile),
    `it(${q}[1.stated] the rule is stated', () => {});\nconst table = [{ rule: ${q}[1.tabled] [1.stated] a row' }];\n`,
  );
  const options = { contractDir: contract, root: base, testFiles: [testFile] };

  const stated = (): any => ({
    id: '1.stated',
    section: '1',
    rule: 'A rule.',
    kind: 'stated',
    at: ['contract.yaml#/info/description'],
    test: [testFile],
  });
  const tabled = (): any => ({
    id: '1.tabled',
    section: '1',
    rule: 'A row.',
    kind: 'stated',
    at: ['schema.json#/$defs/Thing'],
    test: testFile,
  });
  const open = (): any => ({
    id: '1.open',
    section: '1',
    rule: 'Not shown.',
    kind: 'open',
    at: 'contract.yaml#/info',
    test: [testFile],
  });
  const check = (...rules: any[]) => checkRuleMap({ rules }, options);

  it('passes the planted map that holds, ~1 and ~0 unescaped in pointers', () => {
    const escaped = { ...stated(), at: ['contract.yaml#/paths/~1a~1b/get/x~0y', 'contract.yaml#', 'contract.yaml'] };
    expect(check(escaped, tabled(), open())).toEqual([]);
  });

  const planted: [string, () => any[], RegExp][] = [
    ['an entry with no at', () => [{ ...stated(), at: [] }, tabled(), open()], /^1\.stated: no at$/],
    [
      'an entry without the field at',
      () => [(({ at, ...rest }) => rest)(stated()), tabled(), open()],
      /^1\.stated: no at$/,
    ],
    ['an entry with no test', () => [stated(), { ...tabled(), test: [] }, open()], /^1\.tabled: no test$/],
    [
      'an entry whose at names a file that does not exist',
      () => [{ ...stated(), at: ['missing.yaml#/info'] }, tabled(), open()],
      /^1\.stated: at missing\.yaml#\/info: no file missing\.yaml$/,
    ],
    [
      'an entry whose pointer does not resolve',
      () => [{ ...stated(), at: ['contract.yaml#/info/summary'] }, tabled(), open()],
      /^1\.stated: at contract\.yaml#\/info\/summary: pointer \/info\/summary does not resolve/,
    ],
    [
      'a pointer with the slash not escaped',
      () => [{ ...stated(), at: ['contract.yaml#/paths//a/b/get'] }, tabled(), open()],
      /^1\.stated: at .*does not resolve/,
    ],
    [
      'a pointer into a JSON file that does not resolve',
      () => [stated(), { ...tabled(), at: ['schema.json#/$defs/Other'] }, open()],
      /^1\.tabled: at schema\.json#\/\$defs\/Other: pointer/,
    ],
    [
      'an open entry whose pointer has no x-unspecified',
      () => [stated(), tabled(), { ...open(), at: ['contract.yaml#/info/description'] }],
      /^1\.open: at contract\.yaml#\/info\/description: an open rule, but no x-unspecified there$/,
    ],
    [
      'a stated entry whose test file has no title with its id',
      () => [stated(), tabled(), open(), { ...stated(), id: '1.untested' }],
      /^1\.untested: test tests\/good\.test\.ts has no title with \[1\.untested\]$/,
    ],
    [
      'a test file that does not exist',
      () => [{ ...stated(), test: ['tests/missing.test.ts'] }, tabled(), open()],
      /^1\.stated: test tests\/missing\.test\.ts does not exist$/,
    ],
    [
      'two entries with one id',
      () => [stated(), tabled(), open(), { ...open(), rule: 'Again.' }],
      /^1\.open: the id is used twice$/,
    ],
    [
      'a test title with an id that is not in the map',
      () => [stated(), open()],
      /^tests\/good\.test\.ts: a test title carries \[1\.tabled\], which is not in the map$/,
    ],
    [
      'an id that does not start with its section',
      () => [{ ...stated(), section: '2' }, tabled(), open()],
      /^1\.stated: the id does not start with its section$/,
    ],
    [
      'an entry with neither kind',
      () => [{ ...stated(), kind: 'unknown' }, tabled(), open()],
      /^1\.stated: kind is neither stated nor open$/,
    ],
    ['an entry with no id', () => [(({ id, ...rest }) => rest)(stated()), tabled(), open()], /^entry 0: no id$/],
  ];

  for (const [what, rules, problem] of planted) {
    it(`reports ${what}`, () => {
      const problems = check(...rules());
      expect(problems.length, problems.join('\n')).toBeGreaterThan(0);
      expect(
        problems.some((p) => problem.test(p)),
        problems.join('\n'),
      ).toBe(true);
    });
  }

  it('reports a map that is no list of rules', () => {
    expect(checkRuleMap({ entries: [] }, options)).toEqual(['the map has no list `rules`']);
  });

  it('reads ids from test titles and table rows only when they open the string', () => {
    expect(
      titleIds(`it(${q}[1.a] [1.b.c] a title', …); rule: ${q}[5.1.30] a row'; it(${'`'}[1.d-e] a template${'`'})`),
    ).toEqual(['1.a', '1.b.c', '5.1.30', '1.d-e']);
    expect(titleIds("expect(x).toEqual(['DK']); const s = 'see [2.2.Carrier.code]'")).toEqual([]);
    expect(titleIds("const a = [0.25]; const b = '[0]'; const c = '[a.b]'")).toEqual([]);
  });
});
