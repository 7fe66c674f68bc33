// ignition/modules/Receiver.ts
import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

export default buildModule("Receiver", (m) => {
  const owner = m.getAccount(0);
  const depository = m.contract("DevnetDepository", [owner]); // on a real chain: the chain's depository
  // owner, depository, primary solver, more solvers, ERC-1271 solvers, whitelist, any recipient
  const receiver = m.contract("AttestedDepositReceiver", [owner, depository, owner, [], [], [], true]);
  return { depository, receiver };
});
