/**
 * Deployment with viem alone (`attestkit/deploy`, `attestkit deploy`): parse and check deploy
 * parameters, refuse a chain without transient storage (EIP-1153), deploy the verifier and a
 * receiver from the committed bytecode and wait for each receipt.
 *
 * @module deploy
 */
export {
  type AssertTransientStorageErrorType,
  type AssertTransientStorageParameters,
  assertTransientStorage,
} from "./assertTransientStorage.js";
export {
  type DeployAttestationContractsErrorType,
  type DeployAttestationContractsParameters,
  type DeployAttestationContractsReturnType,
  type DeployedContract,
  deployAttestationContracts,
} from "./deployAttestationContracts.js";
export type {
  DeploymentFailedErrorType,
  DeployParametersErrorType,
  MissingContractErrorType,
  StaleDeploymentErrorType,
  TransientStorageUnsupportedErrorType,
} from "./errors.js";
export {
  DeploymentFailedError,
  DeployParametersError,
  MissingContractError,
  StaleDeploymentError,
  TransientStorageUnsupportedError,
} from "./errors.js";
export {
  type DeployParameters,
  type OrderRecipientEntry,
  type ParseDeployParametersErrorType,
  type ParseOrderRecipientErrorType,
  type ParseRecipientErrorType,
  parseDeployParameters,
  parseOrderRecipient,
  parseRecipient,
  type Recipient,
  type RecipientInput,
} from "./parseDeployParameters.js";
