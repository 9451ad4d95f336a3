// What the development tools of this repository share with the command line, and no user needs:
// `shipping-api-v3-cli/internal`, outside the command line's API, may change in any release.
export { writeFileAtomically } from './atomic-write.ts';
