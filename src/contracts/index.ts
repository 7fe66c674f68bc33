export {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
  devnetContractSolverAbi,
  devnetDepositoryAbi,
  devnetFeeOnTransferTokenAbi,
  devnetNoReturnTokenAbi,
  devnetTokenAbi,
} from "./abis.js";
export {
  attestationVerifierBytecode,
  attestedDepositReceiverBytecode,
  devnetContractSolverBytecode,
  devnetDepositoryBytecode,
  devnetFeeOnTransferTokenBytecode,
  devnetNoReturnTokenBytecode,
  devnetTokenBytecode,
} from "./bytecodes.js";
