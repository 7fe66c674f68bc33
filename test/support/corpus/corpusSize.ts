// Test support: how large the differential corpora are in this run. `npm test` runs the quick
// plans (every mutation kind, every verdict and error, every order version and VM, in seconds);
// `npm run bench:corpus` sets ATTESTKIT_CORPUS=full and runs the full plans (over 10,000 vectors
// per corpus), as a soak before a release or after a change to a verifier.

/** Whether this run uses the full differential plans: `ATTESTKIT_CORPUS=full`. */
export const fullCorpus = process.env.ATTESTKIT_CORPUS === "full";
