import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

/**
 * A devnet depository (live ABI and events, owner-only fill and withdraw helpers), for local
 * chains that have no real depository. Parameter: `owner` (defaults to the first account).
 */
export default buildModule("DevnetDepository", (m) => {
  const owner = m.getParameter("owner", m.getAccount(0));
  const depository = m.contract("DevnetDepository", [owner]);
  return { depository };
});
