import { offlineSolidityConfig } from "attestkit/hardhat";
import { defineConfig } from "hardhat/config";

// solc from the npm package (no download), the optimizer on, the cancun EVM.
export default defineConfig({ solidity: offlineSolidityConfig() });
