export { attestationDigest, type AttestationDigestParameters, type AttestationDigestReturnType } from "./attestationDigest.js";
export { chainIds, defaultSolvers, secp256k1HalfN, secp256k1N, solverAddress } from "./constants.js";
export {
  attestationAbiV1,
  attestationAbiV2,
  encodeAttestation,
  type EncodeAttestationParameters,
  type EncodeAttestationReturnType,
} from "./encodeAttestation.js";
export { hashAttestation, type HashAttestationParameters, type HashAttestationReturnType } from "./hashAttestation.js";
export {
  parseAttestationSignature,
  type ParseAttestationSignatureErrorType,
  type ParseAttestationSignatureParameters,
  type ParseAttestationSignatureReturnType,
} from "./parseAttestationSignature.js";
export {
  recoverAttestationSigner,
  type RecoverAttestationSignerParameters,
  type RecoverAttestationSignerReturnType,
} from "./recoverAttestationSigner.js";
export {
  toAttestationWords,
  type ToAttestationWordsParameters,
  type ToAttestationWordsReturnType,
} from "./toAttestationWords.js";
export { toBytes32, type ToBytes32ErrorType, type ToBytes32Parameters, type ToBytes32ReturnType } from "./toBytes32.js";
export type {
  AttestationInvalidReason,
  AttestationVersion,
  AttestationWords,
  Bytes32Encoder,
  ChainIdInput,
  EncodingOptions,
  RequestData,
  RequestDataV1,
  RequestDataV2,
  VerifyAttestationResult,
  VmType,
} from "./types.js";
export {
  verifyAttestation,
  type VerifyAttestationParameters,
  type VerifyAttestationReturnType,
} from "./verifyAttestation.js";
export { vmTypeOfChain, type VmTypeOfChainParameters, type VmTypeOfChainReturnType } from "./vmTypeOfChain.js";
