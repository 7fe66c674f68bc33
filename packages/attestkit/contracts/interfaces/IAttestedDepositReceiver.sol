// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Events and errors of `AttestedDepositReceiver`, for integrators and indexers.
/// @author attestkit
interface IAttestedDepositReceiver {
    /// @notice A destination `(chainId, user)` pair for the recipient whitelist.
    /// @param chainId The destination chain id, as signed in `destinationChainId`.
    /// @param user The destination user, as signed in `destinationUser` (EVM: left-padded address).
    struct Recipient {
        uint256 chainId;
        bytes32 user;
    }

    /// @notice An order payee `(chainId, recipient)` for the order whitelist: an output payment's
    /// recipient or a fee's.
    /// @param chainId The payee's chain slug (`/chains` `protocol.v2.chainId`, e.g. `"optimism"`): the
    /// output's `chainId`, or the fee's `recipientChainId`.
    /// @param recipient The recipient as the order encodes it for that chain's VM (20 bytes on EVM,
    /// 32 on Solana, ...: `encodeOrderAddress`).
    struct OrderRecipient {
        string chainId;
        bytes recipient;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The deadline has passed. On the attestation path it is the caller's (quote time plus
    /// ttl) and its second itself is valid: `block.timestamp > deadline` reverts. On the order path
    /// it is the solver-signed fill deadline, the last second a fill may land, so a payment must
    /// come before it: `block.timestamp >= deadline` reverts.
    /// @param deadline The deadline given or signed.
    /// @param timestamp The block's timestamp.
    error DeadlineExpired(uint256 deadline, uint256 timestamp);

    /// @dev The attestation was signed for another origin chain.
    /// @param originChainId The signed origin chain id.
    /// @param chainId This chain's id.
    error OriginChainMismatch(uint256 originChainId, uint256 chainId);

    /// @dev The attestation's `originUser` is not this receiver (the quote's `user` must be it).
    /// @param originUser The signed origin user.
    /// @param receiver This receiver's address.
    error OriginUserMismatch(bytes32 originUser, address receiver);

    /// @dev The currency paid is not the signed `originCurrency` (the zero address for native).
    /// @param originCurrency The signed origin currency.
    /// @param paid The currency paid: the token, or zero for native.
    error CurrencyMismatch(bytes32 originCurrency, address paid);

    /// @dev The amount received is not exactly the signed `originAmount`.
    /// @param originAmount The signed amount.
    /// @param received `msg.value`, or for ERC-20 the receiver's balance increase.
    error AmountMismatch(uint256 originAmount, uint256 received);

    /// @dev The destination is not on the whitelist and any-recipient mode is off.
    /// @param destinationChainId The signed destination chain id.
    /// @param destinationUser The signed destination user.
    error RecipientNotWhitelisted(uint256 destinationChainId, bytes32 destinationUser);

    /// @dev The depository id was already paid through this receiver: a request id (attestations)
    /// or an order id (orders), one map for both.
    /// @param requestId The request or order id.
    /// @param payer Who paid it.
    error RequestAlreadyPaid(bytes32 requestId, address payer);

    /// @dev The well-formed signature's signer is not in the solver set, and no contract solver
    /// accepted it.
    /// @param signer The recovered signer.
    error SignerNotAllowed(address signer);

    /// @dev Payments are paused by the owner.
    error ReceiverPaused();

    /// @dev An order v1 with other than exactly one input: the receiver pays one input, and paying
    /// one of several would leave the order under-paid.
    /// @param count The number of inputs.
    error OrderInputCountUnsupported(uint256 count);

    /// @dev An order v1 with no output payment: it pays nobody but its fees.
    /// @param count The number of output payments (zero).
    error OrderOutputPaymentCountUnsupported(uint256 count);

    /// @dev The order's input payment is on another chain than this one's configured slug (or no
    /// slug is configured).
    /// @param chainId The signed `inputs[0].payment.chainId` (v2: `input.chainId`).
    /// @param configured This chain's slug as configured, or the empty string.
    error OrderChainMismatch(string chainId, string configured);

    /// @dev The signed currency is not exactly the 20 bytes of the currency paid (the zero address
    /// for native), or a token payment named the zero address.
    /// @param currency The signed currency bytes.
    /// @param paid The currency paid: the token, or zero for native.
    error OrderCurrencyMismatch(bytes currency, address paid);

    /// @dev One of the order's output payments (v2: its fill) goes to a recipient that is not on the
    /// order whitelist, and any-recipient mode is off.
    /// @param chainId The output chain's slug.
    /// @param recipient The recipient bytes of the first such payment.
    error OrderRecipientNotWhitelisted(string chainId, bytes recipient);

    /// @dev One of the order's fees goes to a recipient that is not on the order whitelist, and
    /// any-recipient mode is off: a fee moves the payer's money as surely as an output payment.
    /// @param index The fee's index in `fees`.
    /// @param chainId The fee's `recipientChainId`.
    /// @param recipient The fee's recipient bytes.
    error OrderFeeRecipientNotWhitelisted(uint256 index, string chainId, bytes recipient);

    /// @dev The order has no refund: nothing in it names its payer or this receiver, so nothing
    /// binds it to either (and nothing signed says where the money of a failed fill goes).
    /// @param count The number of refunds (zero).
    error OrderRefundCountUnsupported(uint256 count);

    /// @dev One of the order's refunds would pay someone other than the payer or this receiver
    /// (refused in every mode: a refund belongs to whoever paid).
    /// @param index The refund's index (v1 `inputs[0].refunds`, v2 `refunds`).
    /// @param chainId The refund's chain slug.
    /// @param recipient The refund's recipient bytes.
    error OrderRefundRecipientNotAllowed(uint256 index, string chainId, bytes recipient);

    /// @dev One of the order's refunds is neither in the currency paid on the chain paid (this
    /// chain's slug), nor in an output's currency on the output's chain: it would give back
    /// something the payer neither paid nor asked for.
    /// @param index The refund's index (v1 `inputs[0].refunds`, v2 `refunds`).
    /// @param chainId The refund's chain slug.
    /// @param currency The refund's currency bytes.
    error OrderRefundLegNotAllowed(uint256 index, string chainId, bytes currency);

    /// @dev One of the order's refunds (v1) closes before the fill deadline: once the fill can no
    /// longer come, the payment could no longer be refunded either.
    /// @param index The refund's index (`inputs[0].refunds`).
    /// @param refundDeadline The refund's deadline, Unix seconds.
    /// @param fillDeadline The order's fill deadline (`output.deadline`), Unix seconds.
    error OrderRefundDeadlineBeforeFill(uint256 index, uint256 refundDeadline, uint256 fillDeadline);

    /// @dev The order carries destination calls while any-recipient mode is off: calls can move the
    /// funds past the whitelisted recipient.
    /// @param count The number of calls.
    error OrderCallsNotAllowed(uint256 count);

    /// @dev `refund` names a request that was never paid through this receiver: it has no payer.
    /// @param requestId The request id.
    error RequestNotPaid(bytes32 requestId);

    /// @dev `refund` stated a payment the id did not make: `currency` and `paid` are not the
    /// currency and amount recorded when it was paid (see its `AttestedDeposit` or `OrderPaid`).
    /// @param requestId The request or order id.
    /// @param currency The currency stated.
    /// @param paid The amount stated.
    error RefundPaymentMismatch(bytes32 requestId, address currency, uint256 paid);

    /// @dev `refund` would take the id's refunds past what it paid.
    /// @param requestId The request or order id.
    /// @param paid What the id paid, in its currency.
    /// @param refunded What `refund` has already sent for it.
    /// @param amount The amount asked for now.
    error RefundExceedsPayment(bytes32 requestId, uint256 paid, uint256 refunded, uint256 amount);

    /// @dev `sweep` was asked to send to the zero address.
    error ZeroRecipient();

    /// @dev The depository given to the constructor has no code.
    /// @param depository The address given.
    error DepositoryHasNoCode(address depository);

    /// @dev The zero address was given as an additional EOA solver.
    error ZeroSolver();

    /// @dev More contract solvers than `MAX_CONTRACT_SOLVERS` were given.
    /// @param count How many were given.
    /// @param max The most accepted.
    error TooManyContractSolvers(uint256 count, uint256 max);

    /// @dev A contract solver has no code (an EOA belongs in the EOA solver set).
    /// @param solver The address given.
    error ContractSolverHasNoCode(address solver);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice A request was paid and its funds forwarded to the depository.
    /// @dev Indexed by what indexers filter on (request, payer, currency); the amount, always the
    /// signed `originAmount` and exactly what was forwarded, lets an indexer tell a full payment
    /// from dust without reading the attestation.
    /// @param requestId The request id, also the depository deposit's `id`.
    /// @param payer Who paid (`msg.sender`), also `payerOf(requestId)`.
    /// @param currency The token paid, or the zero address for the native currency.
    /// @param amount The amount forwarded to the depository.
    event AttestedDeposit(bytes32 indexed requestId, address indexed payer, address indexed currency, uint256 amount);

    /// @notice An order was paid and its funds forwarded to the depository under its order id.
    /// @dev Indexed like `AttestedDeposit`; a separate event so that indexers tell the two paths apart.
    /// @param orderId The order id recomputed from the order, also the depository deposit's `id`.
    /// @param payer Who paid (`msg.sender`), also `payerOf(orderId)`.
    /// @param currency The token paid, or the zero address for the native currency.
    /// @param amount The amount forwarded to the depository: the signed `inputs[0].payment.amount`.
    event OrderPaid(bytes32 indexed orderId, address indexed payer, address indexed currency, uint256 amount);

    /// @notice Native currency arrived outside a payment (a refund of the service, or stray funds).
    /// @param from The sender.
    /// @param amount The amount received.
    event Received(address indexed from, uint256 amount);

    /// @notice The owner forwarded funds held by the receiver to a request's payer, in the currency
    /// the request paid; the amounts of an id's `Refunded` events add up to `refundedOf(id)`, never
    /// more than it paid.
    /// @param requestId The request or order the refund belongs to.
    /// @param payer The payer recorded for it, who received the funds.
    /// @param currency The currency the id paid: the token, or the zero address for native.
    /// @param amount The amount sent.
    event Refunded(bytes32 indexed requestId, address indexed payer, address indexed currency, uint256 amount);

    /// @notice The owner sent funds held by the receiver to an address of its choice (no payment's
    /// refund ledger records it).
    /// @param currency The token, or the zero address for the native currency.
    /// @param to The recipient.
    /// @param amount The amount sent.
    event Swept(address indexed currency, address indexed to, uint256 amount);

    /// @notice The primary solver (the signer checked first, in the hot configuration slot) changed.
    /// @param solver The new primary solver, or zero for none.
    event PrimarySolverSet(address indexed solver);

    /// @notice An additional EOA solver was added to or removed from the set.
    /// @param solver The solver.
    /// @param allowed Whether it is now in the set.
    event SolverSet(address indexed solver, bool allowed);

    /// @notice The list of ERC-1271 contract solvers was replaced.
    /// @param solvers The new list.
    event ContractSolversSet(address[] solvers);

    /// @notice A destination was added to or removed from the whitelist.
    /// @param chainId The destination chain id.
    /// @param user The destination user.
    /// @param allowed Whether it is now whitelisted.
    event RecipientSet(uint256 indexed chainId, bytes32 indexed user, bool allowed);

    /// @notice This chain's slug, the one an order's input payment must name, was set.
    /// @param slug The slug, or the empty string when unset.
    event ChainSlugSet(string slug);

    /// @notice An order destination was added to or removed from the order whitelist.
    /// @param chainId The output chain's slug.
    /// @param recipient The recipient bytes.
    /// @param allowed Whether it is now whitelisted.
    event OrderRecipientSet(string chainId, bytes recipient, bool allowed);

    /// @notice Any-recipient mode was switched.
    /// @param allowAny Whether any destination is now accepted.
    event AllowAnyRecipientSet(bool allowAny);

    /// @notice Payments were paused or resumed.
    /// @param paused Whether payments are now paused.
    event PausedSet(bool paused);
}
