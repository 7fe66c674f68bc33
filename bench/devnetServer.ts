// Starts a devnet for the load benchmark in its own process (so the load generator does not share
// its event loop), prints its URL as one JSON line, and stops on SIGTERM.
import { createDevnet } from "../packages/devnet/src/createDevnet.js";

process.env.HARDHAT_DISABLE_TELEMETRY = "true";
const devnet = await createDevnet({ port: 0, rateLimit: false, log: () => {} });
process.stdout.write(`${JSON.stringify({ url: devnet.url })}\n`);
const stop = async () => {
  await devnet.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
