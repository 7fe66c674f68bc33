/**
 * The attestation core (`attestkit/attestation`), viem path, one function per file: the service's
 * `requestData` turned into the signed tuple's words, its ABI encoding, hash and EIP-191 digest, the
 * layout rule, signer recovery under the signature rules and the verdict against a solver set.
 *
 * @module attestation
 */
export {
  type AttestationDigestErrorType,
  type AttestationDigestParameters,
  type AttestationDigestReturnType,
  attestationDigest,
} from "./attestationDigest.js";
export { chainIds, defaultSolvers, secp256k1HalfN, secp256k1N, solverAddress } from "./constants.js";
export { devnetBytes32Encoder, devnetBytes32Encoders } from "./devnetBytes32Encoder.js";
export {
  attestationAbiV1,
  attestationAbiV2,
  type EncodeAttestationErrorType,
  type EncodeAttestationParameters,
  type EncodeAttestationReturnType,
  encodeAttestation,
} from "./encodeAttestation.js";
export {
  type HashAttestationErrorType,
  type HashAttestationParameters,
  type HashAttestationReturnType,
  hashAttestation,
} from "./hashAttestation.js";
export {
  type ParseAttestationSignatureErrorType,
  type ParseAttestationSignatureParameters,
  type ParseAttestationSignatureReturnType,
  parseAttestationSignature,
} from "./parseAttestationSignature.js";
export {
  type RecoverAttestationSignerErrorType,
  type RecoverAttestationSignerParameters,
  type RecoverAttestationSignerReturnType,
  recoverAttestationSigner,
} from "./recoverAttestationSigner.js";
export {
  type AttestationStruct,
  type AttestationStructV2,
  type ToAttestationStructParameters,
  toAttestationStruct,
} from "./toAttestationStruct.js";
export {
  type ToAttestationWordsErrorType,
  type ToAttestationWordsParameters,
  type ToAttestationWordsReturnType,
  toAttestationWords,
} from "./toAttestationWords.js";
export {
  type ToBytes32ErrorType,
  type ToBytes32Parameters,
  type ToBytes32ReturnType,
  toBytes32,
} from "./toBytes32.js";
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
  type VerifyAttestationErrorType,
  type VerifyAttestationParameters,
  type VerifyAttestationReturnType,
  verifyAttestation,
} from "./verifyAttestation.js";
export {
  type VmTypeOfChainParameters,
  type VmTypeOfChainReturnType,
  vmTypeOfChain,
} from "./vmTypeOfChain.js";
