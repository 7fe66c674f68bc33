import type { Address, Hex } from "viem";

/** One mined deployment. */
export type DeployedContract = {
  contract: "DevnetDepository" | "AttestationVerifier" | "AttestedDepositReceiver";
  address: Address;
  /** The creation transaction. */
  hash: Hex;
  /** Gas the creation transaction used (receipt), as a decimal string. */
  gasUsed: string;
};
