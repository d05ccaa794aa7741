/**
 * The wire contract the platform answers to, re-exported for the tests. Type-only: nothing from
 * the api-client package runs here; `pnpm typecheck` checks the platform's reply types against it
 * (see test/wire-contract.test.ts).
 */
export type * from "../../../../packages/api-client/src/account-types.js";
export type * from "../../../../packages/api-client/src/types.js";
