// Writes the ABI and creation bytecode of the contracts the devnet deploys to
// src/devnet/artifacts/*.ts, so the devnet starts without a Solidity build.
// Run with `npx tsx scripts/export-artifacts.ts`: it builds first with the default build profile (the
// one `npx hardhat build` and the test setup use), so the modules never come from another profile.
// src/devnet/artifacts/artifacts.test.ts fails when the committed files differ from a fresh build.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { devnetContracts, renderArtifactModule } from "../src/devnet/artifacts/renderArtifactModule.js";

process.env.HARDHAT_DISABLE_TELEMETRY = "true";
const hre = (await import("hardhat")).default;
await hre.tasks.getTask("build").run({ quiet: true });

const root = fileURLToPath(new URL("..", import.meta.url));
for (const contract of devnetContracts) {
  const target = `${root}src/devnet/artifacts/${contract.name}.ts`;
  writeFileSync(target, renderArtifactModule({ root, ...contract }));
  console.log(`wrote ${target}`);
}
// Formatted like the rest of the sources, so `biome check` passes on the generated files.
execFileSync("npx", ["biome", "format", "--write", `${root}src/devnet/artifacts`], { stdio: "inherit" });
