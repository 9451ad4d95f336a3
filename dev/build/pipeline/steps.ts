// The steps of the pipeline, in the order each is made from the ones before: the bundle, the
// rendered reference and the guide pages (first, so that `npm run dev` serves them soonest), the
// generated code, the generator profile, and the contract package's copy. Each
// names its inputs (files of the repository, earlier steps' outputs among them, and tool versions)
// and makes its outputs in memory; the pipeline decides from the inputs' hashes which to run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { productName } from '../../../openapi/plugins/pages.js';
import { CONTRACT_FILES } from '../../packaging/build-packages.ts';
import { COVERAGE_INPUTS } from '../../docs/coverage-page.ts';
import { pageSources, renderPage } from '../../docs/pages.ts';
import { RULE_TEXT_FILE, ruleTextModule } from '../rule-text.ts';
import {
  BUNDLE_JSON_FILE,
  BUNDLE_YAML_FILE,
  GENERATOR_PROFILE_FILE,
  root,
  SANDBOX_DOCUMENT,
  SANDBOX_SOURCE,
  SOURCE,
} from '../../paths.ts';
import type { Bundled } from './bundle.ts';
import type { Config } from './redocly-config.ts';
import { guideSources, hashOf, lastMade, tryItSources } from './inputs.ts';

export type StepName =
  | 'bundle'
  | 'code'
  | 'reference'
  | 'pages'
  | 'generators'
  | 'contract'
  | 'rule-text'
  | 'sandbox-document';

/** What the steps share while they run: the files made so far (relative path → content), and the bundle. */
export interface StepContext {
  made: Map<string, string>;
  /** The content hash of each file an earlier step made or had made (made in this run or as recorded). */
  outputs: Map<string, string>;
  bundled?: Bundled;
  /** redocly.yaml as loaded once for this run, by whichever step needs it first. */
  config?: Config;
  /** The validators module of this run's bundle, made once for the steps that need it (validatorsOf). */
  validators?: string;
  /** The files the root reached when it was last bundled. */
  reached: string[];
}

export interface Step {
  name: StepName;
  /** What it makes, as the summary line names it. */
  title: string;
  /** Files of the repository it reads, relative to the root. */
  files: (context: StepContext) => string[];
  /** Tools whose version may change what it writes. */
  tools: string[];
  make: (context: StepContext) => Promise<Record<string, string>>;
}

/** A file as the steps read it: as made in this run, or from disk. */
export const readMade = (context: StepContext, file: string) =>
  context.made.get(file) ?? readFileSync(path.join(root, file), 'utf8');

/** redocly.yaml, loaded once per run. */
async function configOf(context: StepContext): Promise<Config> {
  const { loadRedoclyConfig } = await import('./redocly-config.ts');
  context.config ??= await loadRedoclyConfig();
  return context.config;
}

const bundleDocument = (context: StepContext) =>
  context.bundled?.document ?? JSON.parse(readMade(context, BUNDLE_JSON_FILE));

/**
 * The validators module of the bundle this run holds, made once, by whichever step needs it first:
 * the code step writes it, and the reference bundles it into Try it, whichever of them runs first.
 */
async function validatorsOf(context: StepContext): Promise<string> {
  if (context.validators !== undefined) return context.validators;
  const { validatorsInput, validatorsSource } = await import('../generate.ts');
  const input = validatorsInput(bundleDocument(context));
  context.validators = lastValidators(hashOf(JSON.stringify(input)), () => validatorsSource(input));
  return context.validators;
}

/** The validators last made in this process, by the hash of what they were made from. */
const lastValidators = lastMade<string>();

/** What the validators are made from: the bundle, and the code that makes them. */
const VALIDATOR_INPUTS = [
  BUNDLE_JSON_FILE,
  'dev/build/generate.ts',
  'dev/build/ajv.ts',
  'packages/sandbox/src/contract-ajv.ts',
  // The names and places of the header schemas the judge looks up.
  'packages/contract/src/judge-plan.ts',
];

export const STEPS: Step[] = [
  {
    name: 'bundle',
    title: 'bundle',
    files: ({ reached }) => [...new Set([SOURCE, ...reached, 'redocly.yaml', 'dev/build/pipeline/bundle.ts'])],
    tools: ['@redocly/openapi-core'],
    make: async (context) => {
      const { bundleContract } = await import('./bundle.ts');
      const bundled = await bundleContract(await configOf(context));
      context.bundled = bundled;
      context.reached = bundled.reached;
      return { [BUNDLE_YAML_FILE]: bundled.yaml, [BUNDLE_JSON_FILE]: bundled.json };
    },
  },
  {
    name: 'reference',
    title: 'reference',
    files: () => [
      BUNDLE_YAML_FILE,
      'redocly.yaml',
      'openapi/plugins/docs.js',
      'openapi/plugins/pages.js',
      'dev/docs/template.hbs',
      'dev/docs/finish.ts',
      'dev/docs/deep-links.ts',
      'dev/docs/guide-links.js',
      'dev/build/pipeline/reference.ts',
      // The guides are listed in Redoc's menu, in the README's order.
      'README.md',
      ...guideSources(),
      // Try it: its script, the validators it bundles (made from their own inputs, whatever the order
      // of the steps), the rule ids and statuses it judges by, the page's policy.
      ...tryItSources(),
      // The contract's judge, which Try it bundles.
      'packages/contract/src/judge.ts',
      'packages/contract/src/json-pointer.ts',
      ...VALIDATOR_INPUTS,
      'openapi/rules.yaml',
      'dev/build/rule-text.ts',
      'dev/docs/policy.ts',
    ],
    tools: [
      'redoc',
      'react-dom',
      'styled-components',
      '@redocly/openapi-core',
      'esbuild',
      'ajv',
      'ajv-formats',
      'yaml',
    ],
    make: async (context) => {
      const { renderReference } = await import('./reference.ts');
      const yaml = readMade(context, BUNDLE_YAML_FILE);
      const { page, notFound } = await renderReference(yaml, bundleDocument(context), {
        config: await configOf(context),
        validators: await validatorsOf(context),
      });
      return { 'docs/index.html': page, 'docs/404.html': notFound };
    },
  },
  {
    name: 'pages',
    title: 'guides',
    files: () => [
      ...guideSources(),
      'CHANGELOG.md',
      'README.md',
      BUNDLE_JSON_FILE,
      'openapi/plugins/pages.js',
      'dev/docs/pages.ts',
      'dev/docs/copy-button.js',
      // The project's coverage, on the page of the coverage guide.
      ...COVERAGE_INPUTS,
    ],
    tools: ['markdown-it'],
    make: async (context) => {
      const sources = pageSources();
      const document = bundleDocument(context);
      const product = productName(document);
      return Object.fromEntries(
        sources.map((source) => [`docs/${source.page}`, renderPage(source, sources, product, document)]),
      );
    },
  },
  {
    name: 'code',
    title: 'types and validators',
    files: () => [...VALIDATOR_INPUTS, 'dev/build/pipeline/types.ts'],
    tools: ['openapi-typescript', 'ajv', 'ajv-formats', 'esbuild'],
    make: async (context) => {
      const { typesSource } = await import('./types.ts');
      const { validatorsTypes } = await import('../generate.ts');
      return {
        'generated/schema.d.ts': await typesSource(bundleDocument(context)),
        'generated/validators/index.js': await validatorsOf(context),
        'generated/validators/index.d.ts': validatorsTypes(bundleDocument(context)),
      };
    },
  },
  {
    name: 'generators',
    title: 'generator profile',
    files: () => [BUNDLE_YAML_FILE, 'redocly.yaml', 'openapi/plugins/generators.js', 'dev/build/pipeline/bundle.ts'],
    tools: ['@redocly/openapi-core'],
    make: async (context) => {
      const { generatorProfile } = await import('./bundle.ts');
      return {
        [GENERATOR_PROFILE_FILE]: await generatorProfile(readMade(context, BUNDLE_YAML_FILE), await configOf(context)),
      };
    },
  },
  {
    name: 'contract',
    title: 'contract package',
    files: () => Object.keys(CONTRACT_FILES).map((file) => path.relative(root, file).split(path.sep).join('/')),
    tools: [],
    make: async (context) =>
      Object.fromEntries(
        Object.entries(CONTRACT_FILES).map(([from, to]) => [
          `packages/contract/${to}`,
          readMade(context, path.relative(root, from).split(path.sep).join('/')),
        ]),
      ),
  },
  {
    name: 'rule-text',
    title: 'conform rule text',
    files: () => ['openapi/rules.yaml', 'dev/build/rule-text.ts'],
    tools: ['yaml'],
    make: async (context) => ({ [RULE_TEXT_FILE]: ruleTextModule(readMade(context, 'openapi/rules.yaml')) }),
  },
  {
    name: 'sandbox-document',
    title: "sandbox's description",
    files: () => [BUNDLE_JSON_FILE, SANDBOX_SOURCE, 'dev/build/sandbox-document.ts'],
    tools: ['yaml'],
    make: async (context) => {
      const { sandboxDocumentText } = await import('../sandbox-document.ts');
      return { [SANDBOX_DOCUMENT]: sandboxDocumentText(bundleDocument(context), readMade(context, SANDBOX_SOURCE)) };
    },
  },
];
