import { CliError, exitCodes, readResponseJson } from "attestkit/cli";
import type { DevnetInfo } from "../start/createDevnetInfo.js";
import { createScenarioContext } from "./createScenarioContext.js";
import type { RunDevnetScenarioParameters, RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { driveBitcoinMempoolScenario } from "./driveBitcoinMempoolScenario.js";
import { driveDepositAddressScenario } from "./driveDepositAddressScenario.js";
import { driveDirectDepositScenario } from "./driveDirectDepositScenario.js";
import { driveDoubleSpendScenario } from "./driveDoubleSpendScenario.js";
import { driveFailureRefundScenario } from "./driveFailureRefundScenario.js";
import { driveSlippageRefundScenario } from "./driveSlippageRefundScenario.js";
import { driveSuccessScenario } from "./driveSuccessScenario.js";
import { findRequestScenario } from "./findRequestScenario.js";

/**
 * Drives a fresh request of a running devnet into a scenario's end with one of its test accounts:
 * quotes (with `apiKey`, so webhooks fire), pays (through the quote's steps, or a direct depository
 * deposit when the scenario needs a wrong one), and follows the status until it is final, reporting
 * every change. Unknown or unavailable scenarios are a bad-input `CliError`.
 *
 * @param parameters - {@link RunDevnetScenarioParameters}
 * @returns The followed request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { requestId, status } = await runDevnetScenario({ devnet: url, scenario: "ttl-expired" })
 */
export async function runDevnetScenario(
  parameters: RunDevnetScenarioParameters,
): Promise<RunDevnetScenarioReturnType> {
  const { scenario: name, timeoutMs = 60_000 } = parameters;
  findRequestScenario(name);
  const deadline = Date.now() + timeoutMs;
  const info = await readInfo(parameters.devnet, parameters.devnetHint);
  const context = createScenarioContext({ parameters, info, deadline });
  switch (name) {
    case "success":
      return driveSuccessScenario(context);
    case "double-spend":
      return driveDoubleSpendScenario(context);
    case "deposit-address-overpayment":
      return driveDepositAddressScenario(context);
    case "bitcoin-mempool-success":
      return driveBitcoinMempoolScenario(context);
    case "slippage-refund":
      return driveSlippageRefundScenario(context);
    case "failure-refund":
      return driveFailureRefundScenario(context);
    default:
      // ttl-expired, amount-too-low: a direct deposit under the request id.
      return driveDirectDepositScenario(context, name);
  }
}

/** The devnet's `GET /devnet/info`: no answer is a network error, an answer that is not a devnet's bad input. */
async function readInfo(devnet: string, hint: string | undefined): Promise<DevnetInfo> {
  const metaMessages = hint ? [hint] : [];
  let body: unknown;
  try {
    const response = await fetch(new URL("/devnet/info", devnet), { signal: AbortSignal.timeout(10_000) });
    body = response.ok ? await readResponseJson(response) : undefined;
  } catch (cause) {
    throw new CliError(`The devnet at ${devnet} did not answer GET /devnet/info.`, {
      exitCode: exitCodes.network,
      cause,
      metaMessages,
    });
  }
  const info = body as DevnetInfo | undefined;
  if (!info || !Array.isArray(info.chains) || !Array.isArray(info.testAccounts))
    throw new CliError(`${devnet} is not an attestkit devnet (GET /devnet/info).`, {
      exitCode: exitCodes.badInput,
      metaMessages,
    });
  return info;
}
