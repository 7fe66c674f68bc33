export {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
  devnetContractSolverAbi,
  devnetDepositoryAbi,
  devnetFeeOnTransferTokenAbi,
  devnetNoReturnTokenAbi,
  devnetTokenAbi,
} from "./abis.js";
export { attestationVerifierBytecode, attestedDepositReceiverBytecode } from "./bytecodes.js";
