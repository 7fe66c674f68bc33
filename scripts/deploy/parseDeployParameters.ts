// One copy of the parameters rules: the library's, also used by `attestkit deploy`.

export { DeployParametersError } from "../../src/deploy/errors.js";
export * from "../../src/deploy/parseDeployParameters.js";
