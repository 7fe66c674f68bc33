/**
 * The test files that read the compiled contracts (`artifacts/`) rather than the committed contract
 * modules: they check those modules and the other generated files against a fresh build. `npm test`
 * runs them once its Solidity build is done (`scripts/test-all.ts`); every other file may start
 * before it.
 */
export const artifactTests = ["test/generated.test.ts", "test/contracts/contractsModule.test.ts"];

/** Set to `1`, the vitest run leaves out `artifactTests` (a run of their own checks them). */
export const deferArtifactTestsVariable = "ATTESTKIT_DEFER_ARTIFACT_TESTS";
