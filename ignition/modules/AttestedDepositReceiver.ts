import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
import AttestationVerifierModule from "./AttestationVerifier.js";

/**
 * The verifier and a receiver. Parameters (module `AttestedDepositReceiver`):
 * `owner`, `depository`, `primarySolver` (zero for none), `solvers` (more EOA solvers),
 * `contractSolvers` (ERC-1271), `recipients` (`[{ chainId, user }]`, user as a 32-byte word) and
 * `allowAnyRecipient`. `scripts/deploy/deploy.ts` builds them from a parameters file.
 */
export default buildModule("AttestedDepositReceiver", (m) => {
  const { verifier } = m.useModule(AttestationVerifierModule);
  const owner = m.getParameter<string>("owner");
  const depository = m.getParameter<string>("depository");
  const primarySolver = m.getParameter<string>("primarySolver", "0x0000000000000000000000000000000000000000");
  const solvers = m.getParameter<string[]>("solvers", []);
  const contractSolvers = m.getParameter<string[]>("contractSolvers", []);
  const recipients = m.getParameter<{ chainId: string | number; user: string }[]>("recipients", []);
  const allowAnyRecipient = m.getParameter<boolean>("allowAnyRecipient", false);
  const receiver = m.contract("AttestedDepositReceiver", [
    owner,
    depository,
    primarySolver,
    solvers,
    contractSolvers,
    recipients,
    allowAnyRecipient,
  ]);
  return { verifier, receiver };
});
