/**
 * The test run hashes new passwords with scrypt N=2^10 instead of the product's 2^17 (server
 * config PASSWORD_SCRYPT, docs/adr/0252): the vitest server project and the Playwright test
 * server set this in their environment (with NODE_ENV=test, the only case the server honours it).
 * Hashes keep their N, so verifying follows each stored hash.
 */
export const TEST_RUN_PASSWORD_ENV = { TEST_PASSWORD_SCRYPT_N: String(2 ** 10) } as const;
