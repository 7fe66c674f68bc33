import { devnetTrustRoot } from "@attestkit/devnet";
import { createClient, executeSteps, waitForStatus } from "attestkit/client";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

// The devnet's chains, solver and funded test accounts (test keys only).
const api = process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787";
const devnet = await createClient({ network: { baseUrl: api } }).getDevnetInfo();
const [origin, destination] = devnet.chains;
const payer = devnet.testAccounts[1];
if (!origin || !destination || !payer) throw new Error(`${api} is not a devnet`);

// The payment guard accepts orders signed by these solvers, paying into this trust root: the
// devnet's here; by default the live solver and the service's published depositories.
const client = createClient({
  network: { baseUrl: api }, // the live service: network: "mainnet", apiKey
  solvers: [devnet.solver.address],
  trustRoot: devnetTrustRoot({ originChainId: origin.chainId, destinationChainId: destination.chainId }),
});
const account = privateKeyToAccount(payer.privateKey);
const wallet = createWalletClient({ account, transport: http(origin.rpcUrl) });
const eth = "0x0000000000000000000000000000000000000000";
const quote = await client.getQuote({
  user: account.address,
  recipient: account.address,
  originChainId: origin.chainId,
  destinationChainId: destination.chainId,
  originCurrency: eth,
  destinationCurrency: eth,
  amount: "1000000000000000", // 0.001 ETH
  tradeType: "EXACT_INPUT",
});
const requestId = quote.steps[0]?.requestId;
if (!requestId) throw new Error("the quote has no request id");

// Refuses (PaymentMismatchError, nothing sent) unless the steps pay exactly the signed order.
await executeSteps(client, { quote, wallet, onProgress: (event) => console.log(event.type) });
const final = await waitForStatus(client, { requestId, onUpdate: (status) => console.log(status.status) });
const { verification } = await client.getAttestation({ requestId, verify: { solvers: [devnet.solver.address] } });
console.log(`${requestId}: ${final.status}, attestation ${verification.valid ? "VALID" : verification.reason}`);
