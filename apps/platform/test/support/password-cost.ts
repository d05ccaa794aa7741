import { usePasswordHashCost } from "../../src/modules/accounts/password-hash.js";

/**
 * Every test file of the platform hashes passwords at the test cost (ADR 0035): the seed and the
 * hundreds of logins of the suite would otherwise spend minutes in scrypt. The files that check the
 * standard cost choose it themselves (`password-hash.test.ts`, `password-cost.test.ts`).
 */
usePasswordHashCost("test");
