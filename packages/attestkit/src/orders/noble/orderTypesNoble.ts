/**
 * The order layouts as the EIP-712 member strings of the published spec, one per struct. The
 * noble path parses its types from this text (not from the viem path's tables), so a typo in
 * either shows up as a disagreement.
 */
export const orderTypeStringsNoble = {
  v1: [
    "Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,Output output,Fee[] fees)",
    "Input(InputPayment payment,InputRefund[] refunds)",
    "InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)",
    "InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)",
    "Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)",
    "OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)",
    "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)",
  ],
  v2: [
    "Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)",
    "Input(string chainId,bytes currency,uint256 amount)",
    "Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)",
    "Output(string chainId,Withdraw withdraw,Fill fill)",
    "Withdraw(bytes currency,uint256 minimumAmount)",
    "Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)",
    "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)",
  ],
} as const;
