import type { DevnetTriggerOptions, Io } from "attestkit/cli";
import { devnetScenarios, exitCodes, reportError, statusStyle, styled } from "attestkit/cli";
import type { ScenarioStatus } from "./devnetScenarioTypes.js";
import { moveDevnetPrice } from "./moveDevnetPrice.js";
import { type DevnetIncidentName, devnetIncidents, runDevnetIncident } from "./runDevnetIncident.js";
import { runDevnetScenario } from "./runDevnetScenario.js";

/** The final status and failReason each scenario must end in. */
const expectedEnds: Record<string, { status: string; failReason?: string }> = {
  success: { status: "success" },
  "ttl-expired": { status: "refund", failReason: "TTL_EXPIRED" },
  "amount-too-low": { status: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
  "double-spend": { status: "refund", failReason: "DOUBLE_SPEND" },
  "failure-refund": { status: "refund", failReason: "MISSING_REVERT_DATA" },
  "deposit-address-overpayment": { status: "success" },
  "bitcoin-mempool-success": { status: "success" },
  "slippage-refund": { status: "refund", failReason: "SLIPPAGE" },
};

/** Runs `devnet trigger` and returns its exit code. */
export async function runDevnetTrigger(
  scenario: string | undefined,
  options: DevnetTriggerOptions & { apiKey?: string },
  io: Io,
): Promise<number> {
  if (options.list || scenario === undefined) {
    if (options.json) io.out(JSON.stringify({ scenarios: devnetScenarios }));
    else
      for (const s of devnetScenarios)
        io.out(`${s.name.padEnd(30)}${s.unavailable ? `unavailable: ${s.unavailable}` : s.end}`);
    if (scenario === undefined && !options.list) {
      io.err("error: give a SCENARIO (listed above)");
      return exitCodes.badInput;
    }
    return exitCodes.ok;
  }
  try {
    if (!/^[0-9]+$/.test(options.account))
      throw new Error(`--account must be a test account index, got ${JSON.stringify(options.account)}`);
    new URL(options.devnet);
  } catch (error) {
    io.err(
      `error: ${error instanceof Error && !(error instanceof TypeError) ? error.message : `--devnet must be a URL, got ${JSON.stringify(options.devnet)}`}`,
    );
    return exitCodes.badInput;
  }
  if (scenario in devnetIncidents) return runIncident(scenario as DevnetIncidentName, options, io);
  if (scenario === "price-move") return priceMove(options, io);
  const line = (status: ScenarioStatus) => {
    if (options.json) return io.out(JSON.stringify(status));
    const time = new Date(status.at).toISOString().slice(11, 23);
    const reason = status.failReason && status.failReason !== "N/A" ? `  reason ${status.failReason}` : "";
    const refund =
      status.refundFailReason && status.refundFailReason !== "N/A"
        ? `  refund ${status.refundFailReason}`
        : "";
    const name = String(status.status);
    io.out([
      `${time}  `,
      styled(name, statusStyle(status.status)),
      `${" ".repeat(Math.max(0, 10 - name.length))}${reason}${refund}`,
    ]);
  };
  try {
    const { status } = await runDevnetScenario({
      devnet: options.devnet,
      ...(options.devnetHint ? { devnetHint: options.devnetHint } : {}),
      scenario,
      account: Number(options.account),
      timeoutMs: options.timeoutMs ?? 60_000,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      onRequest: (requestId) => io.out(options.json ? JSON.stringify({ requestId }) : `request ${requestId}`),
      onStatus: line,
    });
    const expected = expectedEnds[scenario];
    const reached =
      expected !== undefined &&
      status.status === expected.status &&
      (expected.failReason === undefined || status.failReason === expected.failReason);
    if (!reached)
      io.err(`error: the request ended in ${status.status} (${status.failReason}), not ${expected?.status}`);
    return reached ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** `devnet trigger chain-disabled|block-lagging`: sets or clears the incident, prints the chain's state and the probe. */
async function runIncident(
  incident: DevnetIncidentName,
  options: DevnetTriggerOptions & { apiKey?: string },
  io: Io,
): Promise<number> {
  if (options.chain !== undefined && !/^[0-9]+$/.test(options.chain)) {
    io.err(`error: --chain must be a chain id, got ${JSON.stringify(options.chain)}`);
    return exitCodes.badInput;
  }
  try {
    const result = await runDevnetIncident({
      devnet: options.devnet,
      ...(options.devnetHint ? { devnetHint: options.devnetHint } : {}),
      incident,
      ...(options.chain !== undefined ? { chainId: Number(options.chain) } : {}),
      ...(options.clear ? { clear: true } : {}),
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    });
    if (options.json) io.out(JSON.stringify(result));
    else {
      io.out(
        `chain ${result.chainId}  disabled ${result.disabled}  blockProductionLagging ${result.blockProductionLagging}`,
      );
      io.out(
        "errorCode" in result.quote
          ? `quote refused: ${result.quote.status} ${result.quote.errorCode}`
          : `quote answered: request ${result.quote.requestId}`,
      );
    }
    if (!result.reached)
      io.err(`error: the devnet did not answer as the live service does during ${incident}`);
    return result.reached ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** `devnet trigger price-move`: one `POST /devnet/prices`, then the price at the start and now. */
async function priceMove(options: DevnetTriggerOptions, io: Io): Promise<number> {
  const { bps, currency = "eth" } = options;
  if (bps === undefined || !/^-?[0-9]+$/.test(bps)) {
    io.err(`error: price-move needs --bps, an integer (basis points), got ${JSON.stringify(bps ?? null)}`);
    return exitCodes.badInput;
  }
  try {
    const moved = await moveDevnetPrice({
      devnet: options.devnet,
      devnetHint: options.devnetHint,
      currency,
      bps: Number(bps),
    });
    if (options.json) io.out(JSON.stringify(moved));
    else {
      const listed = moved.prices.find((price) => price.currency === moved.currency);
      const usd = (micros: string | undefined) => (Number(micros ?? 0) / 1e6).toFixed(6);
      io.out(
        `${listed?.symbol ?? moved.currency}  ${usd(listed?.startUsdMicros)} USD at the start, ${usd(moved.priceUsdMicros)} USD now (moved ${moved.movedBps} bps by hand)`,
      );
    }
    return exitCodes.ok;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}
