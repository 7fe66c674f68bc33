import { createRequire } from "node:module";
import hardhatIgnitionViem from "@nomicfoundation/hardhat-ignition-viem";
import hardhatNetworkHelpers from "@nomicfoundation/hardhat-network-helpers";
import hardhatViem from "@nomicfoundation/hardhat-viem";
import { defineConfig } from "hardhat/config";

// Offline compiler: the solcjs build shipped in the `solc` npm package. With `path` set Hardhat
// neither fetches the compiler list nor downloads a compiler.
const require = createRequire(import.meta.url);
const solcPath = require.resolve("solc/soljson.js");
const solcVersion: string = require("solc/package.json").version;

export default defineConfig({
  plugins: [hardhatViem, hardhatNetworkHelpers, hardhatIgnitionViem],
  solidity: {
    profiles: {
      default: {
        version: solcVersion,
        path: solcPath,
        settings: {
          optimizer: { enabled: true, runs: 1_000_000 },
          evmVersion: "cancun",
          // No source-metadata hash in the bytecode: Hardhat compiles a file in jobs whose
          // remappings depend on which other files are compiled with it, so the hash (and the
          // committed bytecode) would differ between a clean and an incremental build.
          metadata: { bytecodeHash: "none" },
        },
      },
    },
  },
  paths: {
    // Both packages' contracts; bench/baseline holds the OpenZeppelin comparison receiver for `npm run bench:gas` (never shipped).
    sources: { solidity: ["packages/attestkit/contracts", "packages/devnet/contracts", "bench/baseline"] },
    tests: { solidity: "test/solidity" },
  },
  test: {
    solidity: {
      fuzz: {
        runs: Number(process.env.FUZZ_RUNS ?? 1000),
        seed: "0x5eed",
      },
    },
  },
  networks: {
    localhost: {
      type: "http",
      chainType: "l1",
      url: process.env.ATTESTKIT_RPC_URL ?? "http://127.0.0.1:8545",
    },
  },
});
