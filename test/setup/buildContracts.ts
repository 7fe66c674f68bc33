// Compiles the contracts once before any TypeScript test deploys them.
// ATTESTKIT_SKIP_BUILD=1 skips it for runs that touch no contract.

/** The build of this run: both test projects (units, isolated) ask for it, it runs once. */
const built = globalThis as { attestkitContractsBuilt?: Promise<void> };

export default async function buildContracts(): Promise<void> {
  process.env.HARDHAT_DISABLE_TELEMETRY = "true";
  if (process.env.ATTESTKIT_SKIP_BUILD === "1") return;
  built.attestkitContractsBuilt ??= (async () => {
    const hre = (await import("hardhat")).default;
    await hre.tasks.getTask("build").run({ quiet: true });
  })();
  await built.attestkitContractsBuilt;
}
