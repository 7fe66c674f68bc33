import { BaseError } from "../errors/BaseError.js";

/** The `solc` npm package (solcjs), which the offline compiler settings point Hardhat at, is not installed. */
export class SolcNotInstalledError extends BaseError {
  /** The folder the package was looked up from. */
  readonly root: string;
  constructor({ root, cause }: { root: string; cause?: unknown }) {
    super(`The npm package solc is not installed (looked up from ${root}).`, {
      name: "SolcNotInstalledError",
      cause,
      metaMessages: [
        "Hardhat compiles offline with the solcjs build of the npm package solc. Install it beside attestkit:",
        "  npm install --save-dev solc@0.8.30",
      ],
    });
    this.root = root;
  }
}

/** {@link SolcNotInstalledError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type SolcNotInstalledErrorType = SolcNotInstalledError & { name: "SolcNotInstalledError" };
