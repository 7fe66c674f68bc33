import { readFileSync } from "node:fs";
import { toOrderChains, verifyQuote } from "attestkit/orders";
import { verifyQuoteNoble } from "attestkit/orders/noble"; // the second, independent path

// A saved POST /quote/v2 answer (asked with includeProtocolData) and a saved GET /chains answer.
const quote = JSON.parse(readFileSync("quote.json", "utf8"));
const chains = toOrderChains({ chains: JSON.parse(readFileSync("chains.json", "utf8")) });
const solvers = ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"]; // the live solver
const { valid, checks } = await verifyQuote({ quote, chains, solvers });
if (verifyQuoteNoble({ quote, chains, solvers }).valid !== valid) throw new Error("the paths disagree");
console.log(valid ? "VALID" : `do not pay: ${checks.filter((check) => !check.ok).map((check) => check.name)}`);
