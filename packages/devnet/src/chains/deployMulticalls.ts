import { type Address, encodeDeployData, type Hex } from "viem";
import { devnetMulticall3Abi } from "../contracts/abis.js";
import { devnetMulticall3Bytecode } from "../contracts/bytecodes.js";

export type DeployMulticallsParameters = {
  /** Deploys creation code from the solver and answers the address. */
  deploy: (data: Hex) => Promise<Address>;
  /** The devnet solver: the owner of the owned multicall. */
  solver: Address;
};

/** The multicalls of one devnet chain (`DevnetMulticall3`, the Multicall3 ABI). */
export type Multicalls = {
  /** Open to anyone: `/chains` `contracts.multicall3` and `contracts.multicaller`. */
  multicall3: Address;
  /** Only the devnet solver may batch calls through it: `/chains` `contracts.onlyOwnerMulticaller`. */
  onlyOwnerMulticaller: Address;
};

/**
 * Deploys the two multicalls of a devnet chain: an open `DevnetMulticall3` (what viem's `multicall`
 * and Multicall3 clients call) and one owned by the solver. Deployed after every other devnet
 * contract, so that the earlier contracts keep their addresses.
 *
 * @param parameters - {@link DeployMulticallsParameters}
 * @returns The addresses. {@link Multicalls}
 * @example
 * const { multicall3, onlyOwnerMulticaller } = await deployMulticalls({ deploy, solver: solver.address })
 */
export async function deployMulticalls({ deploy, solver }: DeployMulticallsParameters): Promise<Multicalls> {
  const create = (owner: Address) =>
    deploy(encodeDeployData({ abi: devnetMulticall3Abi, bytecode: devnetMulticall3Bytecode, args: [owner] }));
  const multicall3 = await create("0x0000000000000000000000000000000000000000");
  const onlyOwnerMulticaller = await create(solver);
  return { multicall3, onlyOwnerMulticaller };
}
