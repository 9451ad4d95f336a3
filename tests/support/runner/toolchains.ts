// Global setup of the parts that use a toolchain of their own (toolchains/, out of the root install):
// before the first file runs, the toolchains its part names (PARTS of dev/check.ts) are installed
// from their lockfiles, from npm's cache when the packages are in it; nothing when they are already.
import type { TestProject } from 'vitest/node';
import { PARTS } from '../../../dev/check.ts';
import { installToolchain } from '../../../dev/toolchains.ts';

export default function setup(project: TestProject): void {
  for (const name of PARTS.find((part) => part.name === project.name)?.toolchains ?? []) installToolchain(name);
}
