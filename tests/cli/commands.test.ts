// The commands that work on files (setup validate, routes, show; check): output, --json, exit
// codes, colour; help on every command; the connection settings from the environment only. As its
// own process: commands.integration.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI, folder, run } from '../support/harness/cli.ts';
import { carrierSetupIndex, ShippingApiError } from 'shipping-api-v3-client';
import { setupFile, shipment } from '../support/fixtures/preflight.ts';

const broken = setupFile() as any;
broken[1].products[0].country_combinations[0].sender_country_code = 'no';
const failing = { ...shipment(), own_agreement: true };
const files = folder({
  'setup.json': setupFile(),
  'broken.json': broken,
  'text.json': 'not json',
  'ship.json': shipment(),
  'failing.json': failing,
  'open.json': { ...shipment(), receiver: { ...shipment().receiver, country_code: 'FI' } },
});
afterAll(() => files.remove());
const cli = (argv: string[], options: { env?: NodeJS.ProcessEnv; tty?: boolean } = {}) =>
  run(argv, { cwd: files.dir, ...options });

describe('help and usage', () => {
  const commands = [
    [],
    ['setup'],
    ['setup', 'pull'],
    ['setup', 'validate'],
    ['setup', 'routes'],
    ['setup', 'show'],
    ['check'],
    ['conform'],
    ['coverage'],
    ['sandbox'],
  ];
  it.each(commands.map((c) => [c.join(' ') || '(root)', c]))(
    '--help on %s exits 0 with the usage',
    async (_name, command) => {
      const result = await cli([...command, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: shipping-api${command.length ? ` ${command.join(' ')}` : ''}`);
    },
  );

  it('documents the environment and the exit codes', async () => {
    const { stdout } = await cli(['--help']);
    for (const text of [
      'SHIPPING_BASE_URL',
      'SHIPPING_USER',
      'SHIPPING_API_KEY',
      'SHIPPING_PARTNER_ID',
      'NO_COLOR',
      '130',
    ])
      expect(stdout).toContain(text);
  });

  it.each([
    ['an unknown command', ['shipit']],
    ['a missing argument', ['check']],
    ['a missing required flag', ['setup', 'pull']],
    ['an unknown flag', ['check', 'ship.json', '--fast']],
    ['a bad country code', ['setup', 'routes', '--from', 'Denmark', '--to', 'SE']],
  ])('exits 2 on %s', async (_name, argv) => {
    const result = await cli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toBe('');
  });
});

describe('setup validate', () => {
  it('exits 0 for a file that keeps to the contract', async () => {
    expect(await cli(['setup', 'validate', 'setup.json'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('keeps to the contract: 2 carriers, 4 products'),
    });
    const json = await cli(['setup', 'validate', 'setup.json', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ valid: true, carriers: 2, products: 4, combinations: 7, routes: 6 });
  });

  it('exits 1 naming the JSON pointer of the first problem', async () => {
    const result = await cli(['setup', 'validate', 'broken.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('/1/products/0/country_combinations/0/sender_country_code');
    const json = await cli(['setup', 'validate', 'broken.json', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: false });
  });

  it('exits 2 for a file that is missing or not JSON', async () => {
    expect(await cli(['setup', 'validate', 'nothing.json'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('nothing.json: cannot read the carrier setup file (no such file)'),
    });
    expect(await cli(['setup', 'validate', 'text.json'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('text.json: the carrier setup file is not JSON'),
    });
  });
});

describe('setup routes and setup show', () => {
  it('prints the products of a route as a table, grouped by carrier', async () => {
    const result = await cli(['setup', 'routes', '--from', 'NO', '--to', 'no']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('NO → NO: 2 products of 1 carrier');
    expect(lines[2]).toMatch(
      /^Carrier\s+Product\s+Name\s+Service point\s+Agreements\s+Customs\s+Required services\s+Available services$/,
    );
    expect(lines[4]).toMatch(/^Fjord Freight\s+ff_pallet\s+Pall\s+no\s+operator, own\s+no\s+-\s+ff_tail_lift$/);
    // The columns line up, whatever the letters.
    expect(lines[5]!.indexOf('np_shop')).toBe(lines[4]!.indexOf('ff_pallet'));
  });

  it('prints the routes as JSON, and says when there is none', async () => {
    const json = JSON.parse((await cli(['setup', 'routes', '--from', 'DK', '--to', 'SE', '--json'])).stdout);
    expect(json).toEqual({
      from: 'DK',
      to: 'SE',
      carriers: [
        {
          carrier: 'nordic_post',
          name: 'Nordic Post',
          products: [{ code: 'np_home', name: 'Hjemmelevering', setupPointer: '/0/products/0/country_combinations/0' }],
        },
      ],
    });
    expect((await cli(['setup', 'routes', '--from', 'SE', '--to', 'DK'])).stdout).toBe(
      'No product of setup.json goes from SE to DK.\n',
    );
  });

  it('lists every route of the file without --from and --to, and the routes of one country with one of them', async () => {
    const routes = [...carrierSetupIndex(setupFile() as never).routeKeys()]
      .map((key) => key.replace('|', ' → '))
      .sort();
    const headers = (stdout: string) =>
      stdout
        .split('\n')
        .filter((l) => / → [A-Z]{2}: /.test(l))
        .map((l) => l.split(':')[0]);
    const all = await cli(['setup', 'routes']);
    expect(all.code).toBe(0);
    expect(headers(all.stdout)).toEqual(routes);
    expect(headers((await cli(['setup', 'routes', '--from', 'DK'])).stdout)).toEqual(
      routes.filter((r) => r.startsWith('DK ')),
    );
    expect(headers((await cli(['setup', 'routes', '--to', 'no'])).stdout)).toEqual(
      routes.filter((r) => r.endsWith(' NO')),
    );
    const json = JSON.parse((await cli(['setup', 'routes', '--json'])).stdout);
    expect(json.routes.map((r: { from: string; to: string }) => `${r.from} → ${r.to}`)).toEqual(routes);
  });

  it('shows a product, and exits 2 for a code the file does not have', async () => {
    const result = await cli(['setup', 'show', 'np_home']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Hjemmelevering (np_home), Nordic Post (nordic_post), at /0/products/0');
    expect(result.stdout).toContain('Available service: np_saturday (Lørdagslevering), own agreement only');
    expect(result.stdout).toContain('Required service: np_email (E-mail-besked)');
    // [2.2.field-names] the names are shown as written, and the output says that their form is open.
    expect(result.stdout).toContain(
      'Field names as the file writes them (how one names a field of the shipment body is not specified)',
    );
    expect(JSON.parse((await cli(['setup', 'show', 'np_home', '--json'])).stdout).product.code).toBe('np_home');
    expect(await cli(['setup', 'show', 'np_nope'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('setup.json has no product "np_nope"'),
    });
  });

  it('exits 2 when the setup file breaks the contract', async () => {
    expect(await cli(['setup', 'show', 'np_home', '--setup', 'broken.json'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('/1/products/0/country_combinations/0/sender_country_code'),
    });
  });
});

describe('check', () => {
  it('exits 0 when the shipment passes', async () => {
    const result = await cli(['check', 'ship.json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      '✔ ship.json passes the check against setup.json (country combination /0/products/0/country_combinations/0).\n',
    );
  });

  it('exits 1 listing each problem with its pointer, code and message', async () => {
    const result = await cli(['check', 'failing.json', '--setup', 'setup.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '✖ /own_agreement  OWN_AGREEMENT_UNAVAILABLE  own_agreement is true, but np_home DK → SE (Nordic Post,\n    /0/products/0/country_combinations/0) has own_agreement_available: false.',
    );
    // No line of the default output is wider than 120 characters.
    expect(result.stdout.split('\n').filter((l) => l.length > 120)).toEqual([]);
    expect(result.stdout).toContain('✖ failing.json fails the check against setup.json');
    const json = JSON.parse((await cli(['check', 'failing.json', '--json'])).stdout);
    expect(json).toMatchObject({
      ok: false,
      problems: [{ pointer: '/own_agreement', code: 'OWN_AGREEMENT_UNAVAILABLE' }],
    });
  });

  it('lists what it could not check, one short line each, why under --verbose; --strict fails on it', async () => {
    const result = await cli(['check', 'open.json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('? -  PARCEL_FIELD_NAME_OPEN  not checked: the required parcel field girth\n');
    expect(result.stdout.replace(/\n {4}/g, ' ')).toContain('1 point not checked (--verbose says why).');
    expect(result.stdout.split('\n').filter((l) => l.length > 120)).toEqual([]);
    const verbose = await cli(['check', 'open.json', '--verbose']);
    expect(verbose.stdout.replace(/\n {4}/g, ' ')).toContain('girth is not a parcel field as specified');
    const strict = await cli(['check', 'open.json', '--strict']);
    expect(strict.code).toBe(1);
    // The verdict under --strict does not say "passes".
    expect(strict.stdout).toMatch(/✖ open\.json fails under --strict: 1 point could not be checked/);
    expect(strict.stdout).not.toContain('passes');
    expect((await cli(['check', 'ship.json', '--strict'])).code).toBe(0);
  });

  it('does not pass a shipment it could not check against the file: no product, or no countries', async () => {
    for (const [name, change, reason] of [
      ['no-product.json', (s: Record<string, any>) => delete s.product_code, 'the shipment gives no product_code'],
      [
        'no-countries.json',
        (s: Record<string, any>) => {
          delete s.sender.country_code;
          delete s.receiver.country_code;
        },
        'country',
      ],
    ] as const) {
      const body = shipment();
      change(body);
      const more = folder({ 'setup.json': setupFile(), [name]: body });
      try {
        const result = await run(['check', name, '--setup', 'setup.json'], { cwd: more.dir });
        expect(result.code, result.stdout).toBe(1);
        expect(result.stdout).toContain(`✖ ${name} could not be checked against setup.json:`);
        expect(result.stdout).toContain(reason);
        expect(result.stdout).not.toContain('✔');
        const json = JSON.parse(
          (await run(['check', name, '--setup', 'setup.json', '--json'], { cwd: more.dir })).stdout,
        );
        expect(json.checked).toBe(false);
      } finally {
        more.remove();
      }
    }
  });

  it('suggests the nearest product code of the file for an unknown one', async () => {
    const body = { ...shipment(), product_code: 'np_hom' };
    const more = folder({ 'setup.json': setupFile(), 'typo.json': body });
    try {
      const result = await run(['check', 'typo.json', '--setup', 'setup.json'], { cwd: more.dir });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('Did you mean "np_home"?');
    } finally {
      more.remove();
    }
  });

  it('exits 2 on bad input', async () => {
    expect((await cli(['check', 'text.json'])).code).toBe(2);
    expect((await cli(['check', 'nothing.json'])).code).toBe(2);
    expect((await cli(['check', 'ship.json', '--setup', 'broken.json'])).code).toBe(2);
    expect((await cli(['check', 'ship.json', '--setup', 'text.json'])).code).toBe(2);
    // With --json, the failure is JSON on stdout too.
    const json = await cli(['check', 'nothing.json', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      error: 'nothing.json: cannot read the shipment (no such file).',
      exitCode: 2,
      code: 'BAD_INPUT',
    });
    // The code of the refusal, and the flag at fault.
    expect(JSON.parse((await cli(['check', 'ship.json', '--setup', 'broken.json', '--json'])).stdout)).toMatchObject({
      exitCode: 2,
      code: 'INVALID_FILE',
    });
    expect(JSON.parse((await cli(['setup', 'routes', '--from', 'Denmark', '--json'])).stdout)).toMatchObject({
      exitCode: 2,
      code: 'BAD_INPUT',
      option: '--from',
    });
  });
});

describe('the error a command ends with', () => {
  it('is a ShippingError whose code is the name of its exit code unless told, with the flag or variable at fault', async () => {
    const { CliError, EXIT } = await import('../../packages/cli/src/io.ts');
    const { ShippingError } = await import('shipping-api-v3-contract/errors');
    const plain = new CliError('bad', EXIT.BAD_INPUT);
    expect(plain).toBeInstanceOf(ShippingError);
    expect(plain).toMatchObject({ name: 'CliError', code: 'BAD_INPUT', exitCode: 2, option: undefined });
    expect(new CliError('x', EXIT.REMOTE_FAILED, { code: 'TIMEOUT', option: '--timeout' })).toMatchObject({
      code: 'TIMEOUT',
      exitCode: 3,
      option: '--timeout',
    });
    const port = new ShippingError('Port 4010 is in use.', { code: 'PORT_IN_USE', option: '--port', variable: 'PORT' });
    expect(CliError.from(port, EXIT.BAD_INPUT)).toMatchObject({
      message: 'Port 4010 is in use.',
      code: 'PORT_IN_USE',
      option: '--port',
      variable: 'PORT',
      exitCode: 2,
      cause: port,
    });
  });
});

describe('tables', () => {
  it('line up columns of wide and combining characters', async () => {
    const { table } = await import('../../packages/cli/src/table.ts');
    const lines = table(
      ['Name', 'Code'],
      [
        ['快递到家', 'a'],
        ['Łódź', 'b'],
        ['Å', 'c'],
      ],
    ).split('\n');
    expect(lines).toEqual(['Name      Code', '--------  ----', '快递到家  a', 'Łódź      b', 'Å         c']);
  });

  it('line up emoji sequences and flags as a terminal draws them, two columns each', async () => {
    const { table } = await import('../../packages/cli/src/table.ts');
    const lines = table(
      ['Name', 'Code'],
      [
        ['\u{1F469}\u200D\u{1F4BB}', 'a'],
        ['\u{1F1EB}\u{1F1F7}', 'b'],
      ],
    ).split('\n');
    expect(lines).toEqual(['Name  Code', '----  ----', '\u{1F469}\u200D\u{1F4BB}    a', '\u{1F1EB}\u{1F1F7}    b']);
  });
});

describe('colour', () => {
  it('colours on a terminal only, and never with NO_COLOR', async () => {
    expect((await cli(['check', 'failing.json'], { tty: true })).stdout).toMatch(ANSI);
    expect((await cli(['check', 'failing.json'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toMatch(ANSI);
    expect((await cli(['check', 'failing.json'], { tty: false })).stdout).not.toMatch(ANSI);
    expect((await cli(['setup', 'show', 'np_home'], { tty: true })).stdout).toMatch(ANSI);
    expect((await cli(['setup', 'show', 'np_home'], { tty: true, env: { NO_COLOR: 'yes' } })).stdout).not.toMatch(ANSI);
  });
});

describe('the connection, from the environment only', () => {
  const secret = 'k3y-that-must-not-show';
  it('exits 2 naming the missing variables, never their values', async () => {
    const result = await cli(['setup', 'pull', '--out', 'pulled.json'], { env: { SHIPPING_API_KEY: secret } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Set SHIPPING_BASE_URL, SHIPPING_USER in the environment');
    expect(result.stderr + result.stdout).not.toContain(secret);
  });

  it('refuses a Partner ID that is not a number, and a base URL that is not HTTPS, without printing the key', async () => {
    const env = {
      SHIPPING_BASE_URL: 'http://shipping.example/api/public/v3',
      SHIPPING_USER: 'user',
      SHIPPING_API_KEY: secret,
    };
    const partner = await cli(['setup', 'pull', '--out', 'pulled.json'], {
      env: { ...env, SHIPPING_PARTNER_ID: 'acme' },
    });
    expect(partner).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('SHIPPING_PARTNER_ID must be the numeric Partner ID'),
    });
    // A decimal number a double cannot hold would be sent as 0: refused, saying so, without the value.
    const tiny = await cli(['setup', 'pull', '--out', 'pulled.json'], {
      env: { ...env, SHIPPING_PARTNER_ID: '1e-400' },
    });
    expect(tiny).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'SHIPPING_PARTNER_ID is beyond the range of a double (IEEE 754 binary64): it would read as 0.',
      ),
    });
    expect(tiny.stderr).not.toContain('1e-400');
    const http = await cli(['setup', 'pull', '--out', 'pulled.json'], { env });
    // Only the variable at fault is named.
    expect(http).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('SHIPPING_BASE_URL: the value must use HTTPS'),
    });
    expect(http.stderr).not.toMatch(/SHIPPING_USER|SHIPPING_API_KEY|baseUrl/);
    const user = await cli(['setup', 'pull', '--out', 'pulled.json'], {
      env: { ...env, SHIPPING_BASE_URL: 'https://shipping.example/api/public/v3', SHIPPING_USER: 'a:b' },
    });
    expect(user).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('SHIPPING_USER: the value must not contain ":"'),
    });
    for (const result of [partner, http, user]) expect(result.stderr + result.stdout).not.toContain(secret);
    // With --json, the failure names the variable in a field of its own.
    const json = await cli(['setup', 'pull', '--out', 'pulled.json', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      exitCode: 2,
      code: 'INVALID_OPTIONS',
      variable: 'SHIPPING_BASE_URL',
    });
  });

  // The variable comes from the option field of the client's error, never from its words: these
  // messages are worded so that reading the text would name another variable, or none.
  it.each([
    ['baseUrl', 'SHIPPING_BASE_URL', 'username and apiKey are fine; the address must use HTTPS.'],
    ['username', 'SHIPPING_USER', 'The API user may not hold a colon (RFC 7617).'],
    ['apiKey', 'SHIPPING_API_KEY', 'baseUrl is fine, but the key is empty.'],
    ['partnerId', 'SHIPPING_PARTNER_ID', 'apiKey is fine; the Partner ID is no finite number.'],
    ['credentialOrigins', 'SHIPPING_CREDENTIAL_ORIGINS', 'The origins for the credentials must use HTTPS.'],
  ])('names the variable of the option %s, whatever the message says', async (option, variable, message) => {
    const { connectionProblem } = await import('../../packages/cli/src/connection-problem.ts');
    const refused = new ShippingApiError(message, {
      code: 'INVALID_OPTIONS',
      operation: 'createShippingClient',
      option,
    });
    const problem = connectionProblem(refused);
    expect(problem).toMatchObject({ exitCode: 2, code: 'INVALID_OPTIONS', variable });
    expect(problem.message).toMatch(
      new RegExp(`^(--credential-origin or )?${variable}: ${message.replace(/[.()]/g, '\\$&')}$`),
    );
    const others = ['SHIPPING_BASE_URL', 'SHIPPING_USER', 'SHIPPING_API_KEY', 'SHIPPING_PARTNER_ID'].filter(
      (name) => name !== variable,
    );
    for (const other of others) expect(problem.message).not.toContain(other);
  });

  it('names the three connection variables for a refusal whose option is none of theirs', async () => {
    const { connectionProblem } = await import('../../packages/cli/src/connection-problem.ts');
    const refused = new ShippingApiError('baseUrl: something else is wrong.', {
      code: 'INVALID_OPTIONS',
      operation: 'createShippingClient',
      option: 'fetch',
    });
    expect(connectionProblem(refused).message).toBe(
      'SHIPPING_BASE_URL, SHIPPING_USER or SHIPPING_API_KEY: baseUrl: something else is wrong.',
    );
    expect(connectionProblem(refused).variable).toBeUndefined();
  });

  it('gives up after a default --timeout, shown in --help', async () => {
    const { stdout } = await cli(['setup', 'pull', '--help']);
    expect(stdout).toMatch(/--timeout <seconds>\s+give up after this long .*\(default: "1800"\)/s);
  });

  it('has no flag for the credentials or the base URL', async () => {
    const { stdout } = await cli(['setup', 'pull', '--help']);
    expect(stdout).not.toMatch(/--(user|api-key|key|password|base-url|partner)/);
    expect((await cli(['setup', 'pull', '--out', 'x.json', '--api-key', secret])).code).toBe(2);
  });

  it('exits 2 when the folder of --out does not exist', async () => {
    const env = {
      SHIPPING_BASE_URL: 'http://127.0.0.1:9/api/public/v3',
      SHIPPING_USER: 'user',
      SHIPPING_API_KEY: secret,
    };
    expect(await cli(['setup', 'pull', '--out', 'no/such/folder/setup.json'], { env })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('does not exist'),
    });
  });
});
