export {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
  devnetContractSolverAbi,
  devnetDepositoryAbi,
  devnetFeeOnTransferTokenAbi,
  devnetNoReturnTokenAbi,
  devnetTokenAbi,
  orderVerifierAbi,
} from "./abis.js";
export {
  attestationVerifierBytecode,
  attestedDepositReceiverBytecode,
  devnetContractSolverBytecode,
  devnetDepositoryBytecode,
  devnetFeeOnTransferTokenBytecode,
  devnetNoReturnTokenBytecode,
  devnetTokenBytecode,
  orderVerifierBytecode,
} from "./bytecodes.js";
