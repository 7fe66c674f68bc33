// One copy of the parameters rules: the library's, also used by `attestkit deploy`.

export { DeployParametersError } from "../../packages/attestkit/src/deploy/errors.js";
export * from "../../packages/attestkit/src/deploy/parseDeployParameters.js";
