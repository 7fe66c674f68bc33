// hardhat.config.ts
import hardhatIgnitionViem from "@nomicfoundation/hardhat-ignition-viem";
import { offlineSolidityConfig } from "attestkit/hardhat";
import { defineConfig } from "hardhat/config";

export default defineConfig({
  plugins: [hardhatIgnitionViem],
  solidity: offlineSolidityConfig({
    npmFilesToBuild: [
      "attestkit/contracts/AttestedDepositReceiver.sol",
      "attestkit/contracts/devnet/DevnetDepository.sol",
    ],
  }),
});
