// The accounts file of the sandbox, for the commands that write it: its format (file.ts) and the
// hash of a key (key-hash.ts).
export { type Accounts, AccountsFileError, accountsText, apiUserProblem, readAccounts } from './file.ts';
export { hashKey } from './key-hash.ts';
