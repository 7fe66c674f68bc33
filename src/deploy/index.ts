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
  parseDeployParameters,
  parseOrderRecipient,
  parseRecipient,
  type Recipient,
  type RecipientInput,
} from "./parseDeployParameters.js";
