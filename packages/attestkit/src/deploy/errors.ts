import type { Hex } from "viem";
import { BaseError } from "../errors/BaseError.js";

/** A deploy parameters file that cannot be used; `field` names the entry at fault. */
export class DeployParametersError extends BaseError {
  /** Path of the entry at fault, e.g. `whitelist[1].user`; `(root)` for the whole file. */
  readonly field: string;
  constructor({ field, problem }: { field: string; problem: string }) {
    super(`Deploy parameters: "${field}" ${problem}.`, {
      name: "DeployParametersError",
      metaMessages: [
        'Expected: {owner, depository (an address or "devnet"), solvers[], contractSolvers[] (at most 4), whitelist[{chainId, user}], allowAnyRecipient},',
        "and for order payments chainSlug and orderWhitelist[{chainId (a slug), recipient (order bytes, hex)}].",
      ],
    });
    this.field = field;
  }
}

/** {@link DeployParametersError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type DeployParametersErrorType = DeployParametersError & { name: "DeployParametersError" };

/** A deployment transaction was mined but reverted, or created no contract. */
export class DeploymentFailedError extends BaseError {
  readonly contract: string;
  readonly hash: Hex;
  constructor({ contract, hash }: { contract: string; hash: Hex }) {
    super(`Deploying ${contract} failed: transaction ${hash} reverted.`, {
      name: "DeploymentFailedError",
      metaMessages: ["Check the deployer's balance and the constructor parameters."],
    });
    this.contract = contract;
    this.hash = hash;
  }
}

/** {@link DeploymentFailedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type DeploymentFailedErrorType = DeploymentFailedError & { name: "DeploymentFailedError" };

/**
 * The chain has no transient storage (EIP-1153, Cancun): the receivers' reentrancy guard would make
 * every payment revert there, so deploying is refused.
 */
export class TransientStorageUnsupportedError extends BaseError {
  readonly chainId: number;
  constructor({ chainId, cause }: { chainId: number; cause?: unknown }) {
    super(
      `Chain ${chainId} has no transient storage (EIP-1153): a receiver deployed there could never be paid.`,
      {
        name: "TransientStorageUnsupportedError",
        cause,
        metaMessages: [
          "The receiver's reentrancy guard uses TSTORE/TLOAD (Cancun and later: Ethereum since March 2024 and",
          "the major L2s that followed it). Deploy to a chain with Cancun activated.",
        ],
      },
    );
    this.chainId = chainId;
  }
}

/** {@link TransientStorageUnsupportedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type TransientStorageUnsupportedErrorType = TransientStorageUnsupportedError & {
  name: "TransientStorageUnsupportedError";
};

/**
 * An Ignition journal records contracts the chain does not hold: the chain was reset (a restarted
 * local node) or is another chain under the same id. Deploying from it would report addresses with
 * no code, so it is refused (a local chain, 31337, is reset and redeployed instead).
 */
export class StaleDeploymentError extends BaseError {
  /** The deployment's folder (`ignition/deployments/<id>`). */
  readonly deploymentDir: string;
  /** The recorded contracts without code: `{futureId, address}`. */
  readonly missing: { futureId: string; address: string }[];
  constructor({
    chainId,
    deploymentDir,
    deploymentId,
    missing,
  }: {
    chainId: number;
    deploymentDir: string;
    deploymentId: string;
    missing: { futureId: string; address: string }[];
  }) {
    super(
      `The deployment ${deploymentId} records ${missing.map(({ futureId, address }) => `${futureId} at ${address}`).join(", ")}, but chain ${chainId} has no code there.`,
      {
        name: "StaleDeploymentError",
        metaMessages: [
          `Its journal (${deploymentDir}) belongs to a chain that was reset, or to another chain with id ${chainId}.`,
          `Deploy under a new id (ATTESTKIT_DEPLOYMENT_ID=<new id>), or delete ${deploymentDir} if that deployment is gone.`,
        ],
      },
    );
    this.deploymentDir = deploymentDir;
    this.missing = missing;
  }
}

/** {@link StaleDeploymentError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type StaleDeploymentErrorType = StaleDeploymentError & { name: "StaleDeploymentError" };

/** A contract the deployment names has no code on the chain: nothing was (or is any longer) deployed there. */
export class MissingContractError extends BaseError {
  readonly address: string;
  constructor({
    contract,
    address,
    chainId,
    hint,
  }: { contract: string; address: string; chainId: number; hint: string }) {
    super(`${contract} ${address} has no code on chain ${chainId}.`, {
      name: "MissingContractError",
      metaMessages: [hint],
    });
    this.address = address;
  }
}

/** {@link MissingContractError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingContractErrorType = MissingContractError & { name: "MissingContractError" };
