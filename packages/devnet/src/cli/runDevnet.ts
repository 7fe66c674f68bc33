import { BaseError, describeError } from "attestkit";
import type { DevnetOptions, Io } from "attestkit/cli";
import { exitCodes } from "attestkit/cli";
import { type CreateDevnetParameters, createDevnet, type Devnet } from "../createDevnet.js";
import { readDevnetParameters } from "./readDevnetParameters.js";

/**
 * Runs the devnet until `signal` aborts, printing its URLs (the API's, each chain's, the dashboard's),
 * contracts and test accounts; returns the exit code (0 after a clean stop, 2 for bad options, 3 when it cannot start, e.g. a port in use).
 */
export async function runDevnet(
  options: DevnetOptions,
  io: Io,
  { signal, onStarted }: { signal: AbortSignal; onStarted?: ((devnet: Devnet) => void) | undefined },
): Promise<number> {
  let parameters: CreateDevnetParameters;
  try {
    parameters = readDevnetParameters(options, io);
  } catch (error) {
    if (options.json) io.out(JSON.stringify({ error: describeError(error) }));
    io.err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return exitCodes.badInput;
  }

  let devnet: Devnet;
  try {
    devnet = await createDevnet(parameters);
  } catch (error) {
    if (options.json) io.out(JSON.stringify({ error: describeError(error) }));
    io.err(`error: the devnet did not start: ${describeError(error).message}`);
    // A missing runtime (old Node.js, no hardhat) says what to install.
    if (error instanceof BaseError) for (const line of error.metaMessages) io.err(`  ${line}`);
    if (/\bEADDRINUSE\b/.test(describeError(error).message))
      io.err(
        `  Another program (another devnet?) listens on port ${options.port}: stop it, or pick another with --port N (--port 0: any free port).`,
      );
    return exitCodes.network;
  }
  printInfo(devnet, options, io);
  onStarted?.(devnet);
  if (!signal.aborted)
    await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
  await devnet.stop();
  if (!options.json) io.out("devnet stopped");
  return exitCodes.ok;
}

function printInfo(devnet: Devnet, options: DevnetOptions, io: Io): void {
  const { info } = devnet;
  if (options.json) {
    // The banner's lines as one object: the devnet's info, and the dashboard it serves at its root.
    io.out(JSON.stringify({ ...info, dashboardUrl: `${info.url}/` }));
    return;
  }
  io.out(`attestkit devnet listening on ${info.url}`);
  io.out("");
  io.out("chains");
  for (const chain of info.chains)
    io.out(`  ${chain.role.padEnd(12)} ${String(chain.chainId).padEnd(10)} ${chain.rpcUrl}`);
  io.out("");
  io.out("contracts");
  for (const chain of info.chains)
    for (const [name, address] of Object.entries(chain.contracts))
      if (address) io.out(`  ${String(chain.chainId).padEnd(10)} ${name.padEnd(24)} ${address}`);
  io.out("");
  io.out(`solver (attests, fills, refunds)  ${info.solver.address}`);
  io.out(`relayer (POST /execute, gas paid)  ${info.relayer.address}`);
  io.out(`owner of each chain's receiver     ${info.receiverOwner} (test account 0 below)`);
  io.out("");
  io.out(
    "test accounts: 10,000 ETH and 1,000,000 USDC on each chain (TEST KEYS, never fund them on a real chain)",
  );
  for (const account of info.testAccounts) io.out(`  ${account.address}  ${account.privateKey}`);
  io.out("");
  io.out(
    `bitcoin ${info.bitcoin.chainId}  Esplora API ${info.bitcoin.esploraUrl}  solver ${info.bitcoin.solver.address}`,
  );
  io.out("  test wallets: 10 BTC on each address (TEST KEYS, never fund them on a real chain)");
  for (const wallet of info.bitcoin.testWallets)
    io.out(`  ${wallet.p2wpkhAddress}  ${wallet.p2trAddress}  ${wallet.privateKey}`);
  io.out(
    `exchange ${info.exchange.chainId}  API ${info.exchange.apiUrl}  relayer account ${info.exchange.relayerAccountIndex}`,
  );
  io.out("  test accounts: 1,000,000 USDC-perp each (account index, API key: TEST KEYS)");
  for (const account of info.exchange.testAccounts) io.out(`  ${account.accountIndex}  ${account.apiKey}`);
  if (options.webhookUrl) {
    io.out("");
    io.out(`webhooks  requests quoted with x-api-key: <your key> are posted to ${options.webhookUrl}`);
    if (options.webhookHeader?.length)
      io.out(
        `          with the headers ${options.webhookHeader.map((h) => h.split(":")[0]?.trim()).join(", ")}`,
      );
  }
  io.out("");
  const { volatilityBps, stepMs, seed } = devnet.prices.settings;
  io.out(
    volatilityBps === 0
      ? "prices  held still (--price-volatility 0); move one with `attestkit devnet trigger price-move --bps N`"
      : `prices  a seeded walk: at most ${volatilityBps} bps every ${stepMs / 1000} s (seed ${seed}); move one with \`attestkit devnet trigger price-move --bps N\``,
  );
  io.out("");
  io.out(`API ${info.url}  (GET /chains, POST /quote/v2, GET /intents/status/v3, GET /devnet/info, ...)`);
  io.out(`dashboard  ${info.url}/`);
  io.out(
    devnet.statePath === null
      ? "state: in memory only, nothing is kept when it stops (--state DIR keeps it)"
      : `state: ${devnet.statePath}`,
  );
  io.out("Press Ctrl+C to stop.");
}
