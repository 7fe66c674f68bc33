/**
 * The port `attestkit devnet` listens on unless `--port` says otherwise (the devnet package's
 * `defaultDevnetPort`: test/architecture.test.ts checks that both say the same).
 */
export const defaultDevnetPort = 8787;
