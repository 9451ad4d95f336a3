// Where the files of the repository are, named once.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The root of the contract source, relative to the root (as the tools are given it). */
export const SOURCE = 'openapi/openapi.yaml';

/**
 * The sandbox's own document: its /_sandbox routes, which the sandbox registers from it and the
 * sandbox's workflows call, and the API's operations as the contract gives them; made by the build.
 */
export const SANDBOX_DOCUMENT = 'packages/sandbox/openapi.json';
/** What the sandbox's document is made from besides the contract: its own routes and answers, written by hand. */
export const SANDBOX_SOURCE = 'packages/sandbox/openapi.sandbox.yaml';

/** The folder of everything generated from the contract. */
export const GENERATED_DIR = path.join(root, 'generated');

/** The bundle's files, by name inside generated/. */
export const BUNDLE_FILES = ['openapi.yaml', 'openapi.json'] as const;

/** The generator profile of the bundle, inside generated/ (docs/generating-clients.md). */
export const GENERATOR_PROFILE = 'openapi.generators.yaml';
/** The generator profile, as an absolute path. */
export const GENERATOR_PROFILE_PATH = path.join(GENERATED_DIR, GENERATOR_PROFILE);
export const GENERATOR_PROFILE_FILE = `generated/${GENERATOR_PROFILE}`;

/** The bundled description, in YAML and in JSON, relative to the root (as the build names its files). */
export const BUNDLE_YAML_FILE = 'generated/openapi.yaml';
export const BUNDLE_JSON_FILE = 'generated/openapi.json';
/** The bundled description, in YAML and in JSON, as absolute paths. */
export const BUNDLE_YAML = path.join(root, BUNDLE_YAML_FILE);
export const BUNDLE_JSON = path.join(root, BUNDLE_JSON_FILE);

/** The published pages: the rendered reference and the guides' pages beside it. */
export const DOCS_DIR = path.join(root, 'docs');
export const DOCS_PAGE = path.join(DOCS_DIR, 'index.html');
/** What a static host answers for an address it has no file for (dev/docs/deep-links.ts). */
export const NOT_FOUND_PAGE = '404.html';
