// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ReentrancyGuardTransient} from "solady/utils/ReentrancyGuardTransient.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {IAttestedDepositReceiver} from "./interfaces/IAttestedDepositReceiver.sol";
import {IDepository} from "./interfaces/IDepository.sol";
import {Attestation, AttestationLib} from "./libraries/AttestationLib.sol";
import {Order, OrderLib, OrderTerms, OrderV2} from "./libraries/OrderLib.sol";
import {TwoStepOwnable} from "./utils/TwoStepOwnable.sol";

/// @notice Origin-chain receiver that pays a request only when the solver's attestation, or the
/// solver's signed order, says the payment is exactly right, then forwards the funds to the
/// depository.
/// @author attestkit
/// @dev The integrator deploys it and uses its address as the quote's `user`. Before any money
/// moves, every payment checks: the deadline; the chain and this receiver; the currency and the
/// exact amount received; not paused and every payee whitelisted (or any-recipient mode); an id
/// never paid (replay is keyed on the request or order id, never on signature bytes); and a
/// signature under the `AttestationLib` rules from the solver set (EOA or ERC-1271). Orders
/// (`protocol.v2`) also have their id recomputed here, their solver-signed fill deadline enforced,
/// and every refund leg held to the payer or this receiver. Deposits carry the id and
/// `depositor = 0`; refunds arriving here go back to the recorded payer through `refund`, bounded
/// by what that id paid. Needs EIP-1153 (transient storage). The design notes, check by check, with
/// the reasons and the gas budget: docs/solidity.md, "Design notes".
contract AttestedDepositReceiver is IAttestedDepositReceiver, TwoStepOwnable, ReentrancyGuardTransient {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         CONSTANTS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice The most ERC-1271 contract solvers tried on a payment (each is an external call).
    uint256 public constant MAX_CONTRACT_SOLVERS = 4;

    /// @dev Configuration word: bits 0-159 primary solver, bit 160 paused, bit 161 any-recipient,
    /// bits 168-175 number of contract solvers.
    uint256 private constant _SOLVER_MASK = (1 << 160) - 1;
    uint256 private constant _PAUSED_BIT = 1 << 160;
    uint256 private constant _ALLOW_ANY_BIT = 1 << 161;
    uint256 private constant _CONTRACT_SOLVER_COUNT_SHIFT = 168;

    /// @dev Payment word (`_paymentOf`): bits 0-159 the payer, bits 160-255 the top 96 bits of
    /// `keccak256(abi.encode(currency, amount))`, this mask. Stating another payment than the one
    /// made would take some 2^96 hashes.
    uint256 private constant _PAYMENT_TAG_MASK = 0xffffffffffffffffffffffff0000000000000000000000000000000000000000;

    /// @dev Seed of the whitelist slots: `slot = keccak256(chainId . user . seed)`. A 96-byte
    /// preimage cannot collide with Solidity's 64-byte mapping preimages, and costs one hash
    /// instead of a nested mapping's two.
    uint256 private constant _RECIPIENT_SLOT_SEED = 0x6a0b3d1f; // An arbitrary non-zero tag.

    /// @dev Seed of the order whitelist slots: `slot = keccak256(keccak256(chainId) .
    /// keccak256(recipient) . seed)`, the slug and the recipient bytes each hashed to one word. A
    /// different seed from `_RECIPIENT_SLOT_SEED`, so the two whitelists never share a slot.
    uint256 private constant _ORDER_RECIPIENT_SLOT_SEED = 0x0dde4f1a; // An arbitrary non-zero tag.

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice The depository the funds are forwarded to.
    address public immutable DEPOSITORY;

    /// @dev The packed configuration word (see `_SOLVER_MASK`): the one slot the pay path reads
    /// besides the whitelist and replay slots.
    uint256 private _config;

    /// @dev Each paid depository id's payment word (see `_PAYMENT_TAG_MASK`): who paid it and a
    /// commitment to what it paid; non-zero means paid. One word costs the same zero-to-non-zero
    /// write as a flag.
    mapping(bytes32 id => uint256 payment) private _paymentOf;

    /// @dev How much of each id's payment `refund` has sent back, in the currency it paid.
    mapping(bytes32 id => uint256 amount) private _refundedOf;

    /// @dev Additional EOA solvers, read only when the signer is not the primary solver.
    mapping(address solver => bool allowed) private _isSolver;

    /// @dev ERC-1271 contract solvers, tried only when ECDSA recovery does not name a solver.
    address[] private _contractSolvers;

    /// @dev `keccak256(bytes(slug))` of this chain's slug (`/chains` `protocol.v2.chainId`), the one
    /// slot the order path reads besides the configuration, whitelist and replay slots; zero when
    /// no slug is set (no order is then payable: no string hashes to zero).
    bytes32 private _chainSlugHash;

    /// @dev This chain's slug as the owner set it, for `chainSlug()` and error messages.
    string private _chainSlug;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        CONSTRUCTOR                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @param initialOwner Who configures the receiver.
    /// @param depository The depository contract (must have code).
    /// @param primary The solver checked first (the service's attesting solver); zero for none.
    /// @param solvers Additional EOA solvers.
    /// @param contracts ERC-1271 contract solvers (at most `MAX_CONTRACT_SOLVERS`).
    /// @param recipients Whitelisted destinations.
    /// @param allowAny Whether to accept any destination.
    constructor(
        address initialOwner,
        address depository,
        address primary,
        address[] memory solvers,
        address[] memory contracts,
        Recipient[] memory recipients,
        bool allowAny
    ) TwoStepOwnable(initialOwner) {
        if (depository.code.length == 0) revert DepositoryHasNoCode(depository);
        DEPOSITORY = depository;
        _setPrimarySolver(primary);
        for (uint256 i; i < solvers.length; ++i) {
            _setSolver(solvers[i], true);
        }
        _setContractSolvers(contracts);
        for (uint256 i; i < recipients.length; ++i) {
            _setRecipient(recipients[i].chainId, recipients[i].user, true);
        }
        if (allowAny) {
            _setFlag(_ALLOW_ANY_BIT, true);
            emit AllowAnyRecipientSet(true);
        }
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          PAYMENTS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Pays a request in the native currency and forwards `msg.value` to the depository.
    /// @dev `deadline` is the caller's, not signed by the solver: the quote's time plus its ttl.
    /// Reverts with the custom error of the first failed check (see the contract's notes).
    /// @param attestation The signed tuple, fields in signing order.
    /// @param signature The solver's 65-byte signature over the attestation's EIP-191 digest.
    /// @param deadline The last second (inclusive) at which the payment is accepted.
    function payNative(Attestation calldata attestation, bytes calldata signature, uint256 deadline)
        external
        payable
        nonReentrant
    {
        bytes32 digest = _checkBinding(attestation, deadline);
        bytes32 requestId = attestation.requestId;
        if (attestation.originCurrency != 0) revert CurrencyMismatch(attestation.originCurrency, address(0));
        if (attestation.originAmount != msg.value) revert AmountMismatch(attestation.originAmount, msg.value);
        _checkAndConsume(attestation, digest, signature, address(0), msg.value);
        _depositNative(requestId);
        emit AttestedDeposit(requestId, msg.sender, address(0), msg.value);
    }

    /// @notice Pays a request in an ERC-20 token: pulls `originAmount` of `token` from the caller
    /// (who must have approved this receiver) and deposits exactly that to the depository.
    /// @dev The amount check measures this receiver's balance increase, so a fee-on-transfer token
    /// reverts with `AmountMismatch` instead of underpaying. `deadline` is the caller's, not signed.
    /// @param token The token paid; must equal the signed `originCurrency`.
    /// @param attestation The signed tuple, fields in signing order.
    /// @param signature The solver's 65-byte signature over the attestation's EIP-191 digest.
    /// @param deadline The last second (inclusive) at which the payment is accepted.
    function payErc20(
        address token,
        Attestation calldata attestation,
        bytes calldata signature,
        uint256 deadline
    ) external nonReentrant {
        bytes32 digest = _checkBinding(attestation, deadline);
        if (token == address(0) || attestation.originCurrency != bytes32(uint256(uint160(token)))) {
            revert CurrencyMismatch(attestation.originCurrency, token);
        }
        bytes32 requestId = attestation.requestId;
        uint256 amount = attestation.originAmount;
        _checkAndConsume(attestation, digest, signature, token, amount);
        _pullAndDepositErc20(token, amount, requestId);
        emit AttestedDeposit(requestId, msg.sender, token, amount);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       ORDER PAYMENTS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Pays an order v1 (`protocol.v2.orderData`) in the native currency and forwards
    /// `msg.value` to the depository under the recomputed order id.
    /// @dev The deadline is the solver-signed `order.output.deadline` (checks O1-O9 in the
    /// contract's notes). Reverts with the custom error of the first failed check.
    /// @param order The order, addresses already encoded for their chain's VM (`toOrderStruct`).
    /// @param signature `protocol.v2.orderSignature`: 65 bytes over the order id's EIP-191 digest.
    function payOrderNative(Order calldata order, bytes calldata signature) external payable nonReentrant {
        (bytes32 orderId, OrderTerms memory terms) = OrderLib.hashWithTerms(order);
        _payOrderNative(orderId, terms, signature);
    }

    /// @notice Pays an order v1 in an ERC-20 token: pulls `inputs[0].payment.amount` of `token`
    /// from the caller (who must have approved this receiver) and deposits exactly that under the
    /// recomputed order id.
    /// @dev The deadline is the solver-signed `order.output.deadline`. The amount is measured as
    /// this receiver's balance increase, so a fee-on-transfer token reverts with `AmountMismatch`.
    /// @param token The token paid; `inputs[0].payment.currency` must be exactly its 20 bytes.
    /// @param order The order, addresses already encoded for their chain's VM (`toOrderStruct`).
    /// @param signature `protocol.v2.orderSignature`.
    function payOrderErc20(address token, Order calldata order, bytes calldata signature) external nonReentrant {
        (bytes32 orderId, OrderTerms memory terms) = OrderLib.hashWithTerms(order);
        _payOrderErc20(token, orderId, terms, signature);
    }

    /// @notice Pays an order v2 (the settlement SDK's `OrderV2`) in the native currency.
    /// @dev The deadline is the solver-signed `order.deadline`; the payees checked against the
    /// order whitelist are `order.output.fill.recipient` and the fees' recipients, the calls
    /// `order.output.fill.calls`, and each of `order.refunds` must pay the payer or this receiver.
    /// @param order The v2 order, addresses already encoded for their chain's VM.
    /// @param signature The solver's 65-byte signature over the order id's EIP-191 digest.
    function payOrderV2Native(OrderV2 calldata order, bytes calldata signature) external payable nonReentrant {
        (bytes32 orderId, OrderTerms memory terms) = OrderLib.hashWithTerms(order);
        _payOrderNative(orderId, terms, signature);
    }

    /// @notice Pays an order v2 in an ERC-20 token (see `payOrderErc20`).
    /// @dev The deadline is the solver-signed `order.deadline`.
    /// @param token The token paid; `order.input.currency` must be exactly its 20 bytes.
    /// @param order The v2 order, addresses already encoded for their chain's VM.
    /// @param signature The solver's 65-byte signature over the order id's EIP-191 digest.
    function payOrderV2Erc20(address token, OrderV2 calldata order, bytes calldata signature) external nonReentrant {
        (bytes32 orderId, OrderTerms memory terms) = OrderLib.hashWithTerms(order);
        _payOrderErc20(token, orderId, terms, signature);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          REFUNDS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Accepts native currency: the service's refunds of requests quoted without a
    /// `refundTo` arrive here (this receiver is their `user`). The owner forwards them with
    /// `refund` (to the payer, bounded by what it paid) or `sweep`.
    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    /// @notice Forwards `amount` of `currency` held by this receiver to the payer recorded for
    /// `requestId` (a request id or an order id: one map records both): how a refund the service
    /// sent here reaches the person who paid. Bounded by the payment: only in the currency the id
    /// paid, and all of an id's refunds together never more than it paid.
    /// @dev Only the owner: a plain transfer carries no request id, so only the operator, who
    /// sees the refund in the request's status (`details`, `txHashes`), can attribute it. The owner
    /// states the payment (`currency`, `paid`: its `AttestedDeposit` or `OrderPaid` event says
    /// them) and the receiver checks the statement against the commitment written at payment, so a
    /// mistyped id, currency or amount reverts instead of paying someone else's refund out. Funds
    /// outside that bound (another currency, more than paid) go through `sweep`. For a
    /// fee-on-transfer token the payer receives `amount` less the token's fee.
    /// @param requestId A request or order paid through this receiver.
    /// @param currency The currency it paid: the token, or the zero address for native.
    /// @param paid The amount it paid.
    /// @param amount How much to forward now; with the id's earlier refunds, at most `paid`.
    function refund(bytes32 requestId, address currency, uint256 paid, uint256 amount)
        external
        onlyOwner
        nonReentrant
    {
        uint256 payment = _paymentOf[requestId];
        if (payment == 0) revert RequestNotPaid(requestId);
        if (payment & _PAYMENT_TAG_MASK != _paymentTag(currency, paid)) {
            revert RefundPaymentMismatch(requestId, currency, paid);
        }
        uint256 refunded = _refundedOf[requestId];
        // `refunded <= paid` holds: it only grows here, and never past `paid`.
        if (amount > paid - refunded) revert RefundExceedsPayment(requestId, paid, refunded, amount);
        _refundedOf[requestId] = refunded + amount;
        address payer = address(uint160(payment));
        _send(currency, payer, amount);
        emit Refunded(requestId, payer, currency, amount);
    }

    /// @notice Sends `amount` of `currency` held by this receiver to `to`, an address the owner
    /// chooses, recording nothing against any payment: for what `refund` cannot send (a refund in
    /// another currency than the request paid, or above what it paid), refunds of requests paid
    /// elsewhere, a payer that cannot receive, or stray funds.
    /// @param currency The token, or the zero address for the native currency.
    /// @param to The recipient (not zero).
    /// @param amount How much to send.
    function sweep(address currency, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroRecipient();
        _send(currency, to, amount);
        emit Swept(currency, to, amount);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CONFIGURATION                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Sets the primary solver (the signer checked first, at no extra storage read).
    /// @param solver The new primary solver; zero for none.
    function setPrimarySolver(address solver) external onlyOwner {
        _setPrimarySolver(solver);
    }

    /// @notice Adds or removes additional EOA solvers, for rotation without redeploying.
    /// @param solvers The solvers.
    /// @param allowed True to add, false to remove.
    function setSolvers(address[] calldata solvers, bool allowed) external onlyOwner {
        for (uint256 i; i < solvers.length; ++i) {
            _setSolver(solvers[i], allowed);
        }
    }

    /// @notice Replaces the list of ERC-1271 contract solvers.
    /// @param solvers The new list: contracts, at most `MAX_CONTRACT_SOLVERS`.
    function setContractSolvers(address[] calldata solvers) external onlyOwner {
        _setContractSolvers(solvers);
    }

    /// @notice Adds or removes whitelisted destinations.
    /// @param recipients The `(chainId, user)` pairs.
    /// @param allowed True to add, false to remove.
    function setRecipients(Recipient[] calldata recipients, bool allowed) external onlyOwner {
        for (uint256 i; i < recipients.length; ++i) {
            _setRecipient(recipients[i].chainId, recipients[i].user, allowed);
        }
    }

    /// @notice Sets this chain's slug, the `chainId` an order's input payment must name to be paid
    /// here (`/chains` `protocol.v2.chainId`, e.g. `"base"`); the empty string unsets it, and with
    /// no slug set no order is payable.
    /// @param slug The slug, exactly as the service spells it.
    function setChainSlug(string calldata slug) external onlyOwner {
        _chainSlugHash = bytes(slug).length == 0 ? bytes32(0) : keccak256(bytes(slug));
        _chainSlug = slug;
        emit ChainSlugSet(slug);
    }

    /// @notice Adds or removes whitelisted order payees: output payment recipients and fee
    /// recipients alike.
    /// @param recipients The `(chainId, recipient)` pairs: the payee's chain slug (an output's
    /// `chainId`, a fee's `recipientChainId`) and the recipient as the order encodes it for that
    /// chain's VM (`encodeOrderAddress`).
    /// @param allowed True to add, false to remove.
    function setOrderRecipients(OrderRecipient[] calldata recipients, bool allowed) external onlyOwner {
        for (uint256 i; i < recipients.length; ++i) {
            OrderRecipient calldata r = recipients[i];
            uint256 slot = _orderRecipientSlot(_hashCalldata(bytes(r.chainId)), _hashCalldata(r.recipient));
            /// @solidity memory-safe-assembly
            assembly {
                sstore(slot, allowed)
            }
            emit OrderRecipientSet(r.chainId, r.recipient, allowed);
        }
    }

    /// @notice Switches any-recipient mode (neither whitelist is then consulted, for destinations
    /// or order fees, and orders may carry destination calls). An order's refunds must still pay the
    /// payer or this receiver: the mode widens where money may be delivered, not who is refunded.
    /// @param allowAny Whether any destination is accepted.
    function setAllowAnyRecipient(bool allowAny) external onlyOwner {
        _setFlag(_ALLOW_ANY_BIT, allowAny);
        emit AllowAnyRecipientSet(allowAny);
    }

    /// @notice Pauses or resumes payments.
    /// @param paused_ Whether payments are paused.
    function setPaused(bool paused_) external onlyOwner {
        _setFlag(_PAUSED_BIT, paused_);
        emit PausedSet(paused_);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           VIEWS                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice The primary solver, or zero.
    /// @return The address.
    function primarySolver() external view returns (address) {
        return address(uint160(_config));
    }

    /// @notice Whether `solver` is in the solver set (primary, additional EOA, or contract solver).
    /// @param solver The address.
    /// @return True if payments signed by it are accepted.
    function isSolver(address solver) external view returns (bool) {
        if (solver == address(0)) return false;
        if (solver == address(uint160(_config)) || _isSolver[solver]) return true;
        for (uint256 i; i < _contractSolvers.length; ++i) {
            if (_contractSolvers[i] == solver) return true;
        }
        return false;
    }

    /// @notice The ERC-1271 contract solvers.
    /// @return The list.
    function contractSolvers() external view returns (address[] memory) {
        return _contractSolvers;
    }

    /// @notice Whether payments are paused.
    /// @return True if paused.
    function paused() external view returns (bool) {
        return _config & _PAUSED_BIT != 0;
    }

    /// @notice Whether any destination is accepted.
    /// @return True if the whitelist is not consulted.
    function allowAnyRecipient() external view returns (bool) {
        return _config & _ALLOW_ANY_BIT != 0;
    }

    /// @notice Whether `(chainId, user)` is on the whitelist (regardless of any-recipient mode).
    /// @param chainId The destination chain id.
    /// @param user The destination user word.
    /// @return allowed True if whitelisted.
    function isRecipientWhitelisted(uint256 chainId, bytes32 user) external view returns (bool allowed) {
        uint256 slot = _recipientSlot(chainId, user);
        /// @solidity memory-safe-assembly
        assembly {
            allowed := sload(slot)
        }
    }

    /// @notice This chain's slug as set by the owner, or the empty string.
    /// @return The slug an order's input payment must name.
    function chainSlug() external view returns (string memory) {
        return _chainSlug;
    }

    /// @notice Whether `(chainId, recipient)` is on the order whitelist (regardless of
    /// any-recipient mode).
    /// @param chainId The output chain's slug.
    /// @param recipient The recipient as the order encodes it.
    /// @return allowed True if whitelisted.
    function isOrderRecipientWhitelisted(string calldata chainId, bytes calldata recipient)
        external
        view
        returns (bool allowed)
    {
        uint256 slot = _orderRecipientSlot(_hashCalldata(bytes(chainId)), _hashCalldata(recipient));
        /// @solidity memory-safe-assembly
        assembly {
            allowed := sload(slot)
        }
    }

    /// @notice Who paid `requestId` (a request id or an order id) through this receiver.
    /// @param requestId The request or order id.
    /// @return The payer, or zero if unpaid.
    function payerOf(bytes32 requestId) external view returns (address) {
        return address(uint160(_paymentOf[requestId]));
    }

    /// @notice How much `refund` has sent back for `requestId`, in the currency it paid: the sum of
    /// its `Refunded` events, never more than it paid.
    /// @param requestId The request or order id.
    /// @return The amount refunded so far.
    function refundedOf(bytes32 requestId) external view returns (uint256) {
        return _refundedOf[requestId];
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                     INTERNAL OPERATIONS                    */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Checks 1 and 2: deadline, origin chain, origin user, layout rule. No storage read.
    /// Returns the attestation's digest, which `AttestationLib.digest` only computes once the layout
    /// rule holds (and reverts with its error otherwise): check 2's last step and check 6's input.
    function _checkBinding(Attestation calldata attestation, uint256 deadline) private view returns (bytes32) {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
        if (attestation.originChainId != block.chainid) {
            revert OriginChainMismatch(attestation.originChainId, block.chainid);
        }
        if (attestation.originUser != bytes32(uint256(uint160(address(this))))) {
            revert OriginUserMismatch(attestation.originUser, address(this));
        }
        // All four words, although the two origin words are bound above: the accepted set is then
        // exactly the verifiers' whatever the chain id or address.
        return AttestationLib.digest(attestation);
    }

    /// @dev Checks 4 to 6: pause, whitelist, replay (marking the request paid by the caller with
    /// `amount` of `currency`), signer over `digest`.
    function _checkAndConsume(
        Attestation calldata attestation,
        bytes32 digest,
        bytes calldata signature,
        address currency,
        uint256 amount
    ) private {
        uint256 config = _config;
        if (config & _PAUSED_BIT != 0) revert ReceiverPaused();
        if (config & _ALLOW_ANY_BIT == 0) {
            uint256 chainId = attestation.destinationChainId;
            bytes32 user = attestation.destinationUser;
            uint256 slot = _recipientSlot(chainId, user);
            bool allowed;
            /// @solidity memory-safe-assembly
            assembly {
                allowed := sload(slot)
            }
            if (!allowed) revert RecipientNotWhitelisted(chainId, user);
        }
        _consumeAndCheckSigner(attestation.requestId, digest, signature, config, currency, amount);
    }

    /// @dev Checks 5 and 6 (O8 and O9 for an order): marks the depository id paid by the caller
    /// with `amount` of `currency`, reverting if it already was, then checks the signature over
    /// `digest` and its signer.
    function _consumeAndCheckSigner(
        bytes32 id,
        bytes32 digest,
        bytes calldata signature,
        uint256 config,
        address currency,
        uint256 amount
    ) private {
        uint256 tag = _paymentTag(currency, amount);
        uint256 payment;
        /// @solidity memory-safe-assembly
        assembly {
            // `_paymentOf[id]`, its slot computed once and written as a whole word: the caller in
            // the low 160 bits, the payment's commitment above.
            mstore(0x00, id)
            mstore(0x20, _paymentOf.slot)
            let slot := keccak256(0x00, 0x40)
            payment := sload(slot)
            if iszero(payment) { sstore(slot, or(tag, caller())) }
        }
        if (payment != 0) revert RequestAlreadyPaid(id, address(uint160(payment)));

        (address signer, uint256 code) = AttestationLib.tryRecover(digest, signature);
        // Hot path: a well-formed signature by the primary solver, no further storage read.
        if (code == AttestationLib.OK && signer == address(uint160(config))) return;
        _checkOtherSolvers(digest, signature, signer, code, config);
    }

    /// @dev Checks O2 to O9 of an order read in O1, then deposits `msg.value` under its id.
    function _payOrderNative(bytes32 orderId, OrderTerms memory terms, bytes calldata signature) private {
        uint256 config = _checkOrderTerms(terms, address(0), true);
        _consumeAndCheckSigner(orderId, OrderLib.idDigest(orderId), signature, config, address(0), msg.value);
        _depositNative(orderId);
        emit OrderPaid(orderId, msg.sender, address(0), msg.value);
    }

    /// @dev Checks O2 to O9 of an order read in O1, then pulls and deposits its amount of `token`.
    function _payOrderErc20(address token, bytes32 orderId, OrderTerms memory terms, bytes calldata signature)
        private
    {
        uint256 config = _checkOrderTerms(terms, token, false);
        uint256 amount = terms.amount;
        _consumeAndCheckSigner(orderId, OrderLib.idDigest(orderId), signature, config, token, amount);
        _pullAndDepositErc20(token, amount, orderId);
        emit OrderPaid(orderId, msg.sender, token, amount);
    }

    /// @dev Checks O2 to O7: shape, deadline, currency (and, for native, the amount), pause, chain
    /// slug, payees and refunds. Returns the configuration word for O9.
    function _checkOrderTerms(OrderTerms memory terms, address paid, bool native) private view returns (uint256 config) {
        if (terms.inputCount != 1) revert OrderInputCountUnsupported(terms.inputCount);
        if (terms.outputPaymentCount == 0) revert OrderOutputPaymentCountUnsupported(0);
        uint256 deadline = terms.deadline;
        // Exclusive: the fill deadline is the last second a fill may land, and a fill follows the
        // payment (check O3).
        if (block.timestamp >= deadline) revert DeadlineExpired(deadline, block.timestamp);
        uint256 currencyOffset = terms.currencyOffset;
        uint256 currencyLength = terms.currencyLength;
        bool ok;
        /// @solidity memory-safe-assembly
        assembly {
            // Exactly 20 bytes (already bounds-checked by OrderLib), whose value, the first 20
            // bytes of the word at the offset shifted down by 96 bits, is `paid`; and a token
            // payment names a token (the zero address is the native currency).
            ok := and(eq(currencyLength, 20), eq(shr(96, calldataload(currencyOffset)), paid))
            ok := and(ok, or(native, iszero(iszero(paid))))
        }
        if (!ok) revert OrderCurrencyMismatch(_calldataBytes(currencyOffset, currencyLength), paid);
        if (native && terms.amount != msg.value) revert AmountMismatch(terms.amount, msg.value);

        config = _config;
        if (config & _PAUSED_BIT != 0) revert ReceiverPaused();
        bytes32 slugHash = _chainSlugHash;
        if (terms.paymentChainIdHash != slugHash) {
            revert OrderChainMismatch(
                string(_calldataBytes(terms.paymentChainIdOffset, terms.paymentChainIdLength)), _chainSlug
            );
        }
        if (config & _ALLOW_ANY_BIT == 0) {
            if (terms.callCount != 0) revert OrderCallsNotAllowed(terms.callCount);
            // The first payee inline (v2's fill, the only payee of most v1 orders: the hot path),
            // any others after.
            uint256 slot = _orderRecipientSlot(terms.outputChainIdHash, terms.recipientHash);
            bool allowed;
            /// @solidity memory-safe-assembly
            assembly {
                allowed := sload(slot)
            }
            if (!allowed) {
                _revertRecipientNotWhitelisted(terms, _calldataBytes(terms.recipientOffset, terms.recipientLength));
            }
            if (terms.outputPaymentCount != 1 || _length(terms.feesOffset) != 0) _checkOtherPayees(terms);
        }
        _checkRefunds(terms, slugHash);
    }

    /// @dev The rest of check O6 (whitelist mode), in order: a v1 order's further output payments,
    /// each recipient on the output chain, then the fees, each recipient on its own chain.
    function _checkOtherPayees(OrderTerms memory terms) private view {
        bytes32 outputChainIdHash = terms.outputChainIdHash;
        uint256 payments = terms.outputPaymentsOffset;
        uint256 count = terms.outputPaymentCount;
        for (uint256 i = 1; i < count; ++i) {
            bytes calldata recipient = _member(_element(payments, i), 0x00); // OutputPayment.recipient
            if (!_isOrderRecipient(outputChainIdHash, _hashCalldata(recipient))) {
                _revertRecipientNotWhitelisted(terms, recipient);
            }
        }
        uint256 fees = terms.feesOffset;
        count = _length(fees);
        for (uint256 i; i < count; ++i) {
            uint256 fee = _element(fees, i);
            bytes calldata chainId = _member(fee, 0x00); // Fee.recipientChainId
            bytes calldata recipient = _member(fee, 0x20); // Fee.recipient
            if (!_isOrderRecipient(_hashCalldata(chainId), _hashCalldata(recipient))) {
                revert OrderFeeRecipientNotWhitelisted(i, string(chainId), recipient);
            }
        }
    }

    /// @dev Reverts with `OrderRecipientNotWhitelisted` for a recipient on the order's output chain.
    function _revertRecipientNotWhitelisted(OrderTerms memory terms, bytes calldata recipient) private pure {
        revert OrderRecipientNotWhitelisted(
            string(_calldataBytes(terms.outputChainIdOffset, terms.outputChainIdLength)), recipient
        );
    }

    /// @dev Check O7, every mode: the order has a refund, and each refund pays the payer (exactly
    /// the 20 bytes of `msg.sender`, on whatever chain) or this receiver (its 20 bytes, on this
    /// chain's slug `slugHash`); gives back, on the chain paid, the currency paid or the native one
    /// and, on the output's chain, an output's currency or the native one; and (v1) stays open at
    /// least until the fill deadline.
    function _checkRefunds(OrderTerms memory terms, bytes32 slugHash) private view {
        uint256 refunds = terms.refundsOffset;
        // With no refund the order names neither its payer nor this receiver: bound to nobody.
        if (_length(refunds) == 0) revert OrderRefundCountUnsupported(0);
        uint256 head = terms.refundRecipientHead;
        uint256 bad = type(uint256).max;
        uint256 why; // 0 the recipient, 1 the chain and currency, 2 the deadline
        /// @solidity memory-safe-assembly
        assembly {
            // A `bytes` member's length word is below 2^32 (checked by OrderLib), so the 32 bytes
            // from the last 12 of its length word through its first 20 bytes are `20 << 160 | a`
            // exactly when it is the 20 bytes `a`: one load and one comparison a recipient or a
            // currency (the native one: 20 zero bytes, `20 << 160`).
            //
            // A slug's key: up to 31 bytes, the 32 bytes from the last of its length word (a slug is a
            // short name: nothing to hash; bytes after it, ABI padding, could only make two equal
            // slugs differ, never two different ones equal); longer, its keccak256 (OrderLib's
            // `*ChainIdHash`). The keys of the chain paid and of the output's chain sit in the
            // scratch space (0x00, 0x20).
            {
                let key := calldataload(sub(mload(add(terms, 0xc0)), 1)) // terms.paymentChainIdOffset
                if gt(mload(add(terms, 0xe0)), 31) { key := mload(add(terms, 0xa0)) } // Length, Hash
                mstore(0x00, key)
                key := calldataload(sub(mload(add(terms, 0x160)), 1)) // terms.outputChainIdOffset
                if gt(mload(add(terms, 0x180)), 31) { key := mload(add(terms, 0x140)) } // Length, Hash
                mstore(0x20, key)
            }
            let end := add(refunds, shl(5, calldataload(sub(refunds, 0x20))))
            for { let at := refunds } lt(at, end) { at := add(at, 0x20) } {
                let leg := add(refunds, calldataload(at))
                let chain := add(add(leg, calldataload(leg)), 0x20) // chainId, head word 0
                let word := calldataload(add(add(leg, calldataload(add(leg, head))), 0x14))
                // The payer, on any chain; this receiver, on this chain only.
                if iszero(eq(word, or(shl(160, 20), caller()))) {
                    let length := calldataload(sub(chain, 0x20))
                    let m := mload(0x40)
                    calldatacopy(m, chain, length)
                    if iszero(and(eq(word, or(shl(160, 20), address())), eq(keccak256(m, length), slugHash))) {
                        bad := shr(5, sub(at, refunds))
                        break
                    }
                }
                // The leg's chain key, then its currency: InputRefund(chainId, recipient, currency,
                // ...) in v1 (head 0x20: currency at 0x40), Refund(chainId, currency, ..., recipient)
                // in v2 (head 0x60: currency at 0x20), so at `0x50 - head / 2`.
                {
                    let length := calldataload(sub(chain, 0x20))
                    chain := calldataload(sub(chain, 1))
                    if gt(length, 31) {
                        let m := mload(0x40)
                        calldatacopy(m, add(add(leg, calldataload(leg)), 0x20), length) // the chainId bytes again
                        chain := keccak256(m, length)
                    }
                }
                word := calldataload(add(add(leg, calldataload(add(leg, sub(0x50, shr(1, head))))), 0x14))
                // On the chain paid: the currency paid (terms.currencyOffset, 20 bytes by check O4)
                // or the native one; on the output's chain: the native one or an output's.
                why := 1
                if eq(chain, mload(0x00)) {
                    if or(eq(word, shl(160, 20)), eq(word, calldataload(sub(mload(add(terms, 0x100)), 0x0c)))) { why := 0 }
                }
                if why {
                    if eq(chain, mload(0x20)) {
                        why := 0
                        if iszero(eq(word, shl(160, 20))) { why := iszero(_isOutputCurrency(terms, word)) }
                    }
                }
                // v1: `InputRefund.deadline` (head word 4) at least the fill deadline (terms.deadline).
                if iszero(why) {
                    if eq(head, 0x20) { why := shl(1, lt(calldataload(add(leg, 0x80)), mload(add(terms, 0x40)))) }
                }
                if why {
                    bad := shr(5, sub(at, refunds))
                    break
                }
            }

            // `c` is an output currency's word: v2's fill currency, or a v1 output payment's (head word 1).
            function _isOutputCurrency(t, c) -> yes {
                let fill := mload(add(t, 0x280)) // terms.outputCurrencyOffset
                if fill {
                    yes := eq(calldataload(sub(fill, 0x0c)), c)
                    leave
                }
                let list := mload(add(t, 0x200)) // terms.outputPaymentsOffset
                let last := add(list, shl(5, calldataload(sub(list, 0x20))))
                for { let p := list } lt(p, last) { p := add(p, 0x20) } {
                    let e := add(list, calldataload(p)) // OutputPayment.currency, head word 1
                    if eq(calldataload(add(add(e, calldataload(add(e, 0x20))), 0x14)), c) {
                        yes := 1
                        leave
                    }
                }
            }
        }
        if (bad != type(uint256).max) _revertRefund(terms, bad, why);
    }

    /// @dev Reverts with the error of refund `index` (`why`: 0 its recipient, 1 its chain and
    /// currency, 2 its deadline).
    function _revertRefund(OrderTerms memory terms, uint256 index, uint256 why) private pure {
        uint256 leg = _element(terms.refundsOffset, index);
        uint256 head = terms.refundRecipientHead;
        if (why == 0) revert OrderRefundRecipientNotAllowed(index, string(_member(leg, 0x00)), _member(leg, head));
        if (why == 1) {
            revert OrderRefundLegNotAllowed(index, string(_member(leg, 0x00)), _member(leg, head == 0x20 ? 0x40 : 0x20));
        }
        uint256 refundDeadline;
        /// @solidity memory-safe-assembly
        assembly {
            refundDeadline := calldataload(add(leg, 0x80)) // InputRefund.deadline, head word 4
        }
        revert OrderRefundDeadlineBeforeFill(index, refundDeadline, terms.deadline);
    }

    /// @dev Whether `(chainIdHash, recipientHash)` is on the order whitelist.
    function _isOrderRecipient(bytes32 chainIdHash, bytes32 recipientHash) private view returns (bool allowed) {
        uint256 slot = _orderRecipientSlot(chainIdHash, recipientHash);
        /// @solidity memory-safe-assembly
        assembly {
            allowed := sload(slot)
        }
    }

    /// @dev Where element `i` of a list located by `OrderLib` starts in calldata: the list's words
    /// are its elements' offsets, relative to the first of them (checked by `OrderLib`).
    function _element(uint256 list, uint256 i) private pure returns (uint256 head) {
        /// @solidity memory-safe-assembly
        assembly {
            head := add(list, calldataload(add(list, shl(5, i))))
        }
    }

    /// @dev The length of a list located by `OrderLib`: the word before its element offsets.
    function _length(uint256 list) private pure returns (uint256 n) {
        /// @solidity memory-safe-assembly
        assembly {
            n := calldataload(sub(list, 0x20))
        }
    }

    /// @dev The `bytes` or `string` member of the struct at `head` whose offset word is at
    /// `head + at`: a length word, then the bytes (checked by `OrderLib`).
    function _member(uint256 head, uint256 at) private pure returns (bytes calldata b) {
        /// @solidity memory-safe-assembly
        assembly {
            let data := add(add(head, calldataload(add(head, at))), 0x20)
            b.offset := data
            b.length := calldataload(sub(data, 0x20))
        }
    }

    /// @dev The calldata bytes at `offset`, `length` long (located and bounds-checked by `OrderLib`).
    function _calldataBytes(uint256 offset, uint256 length) private pure returns (bytes calldata b) {
        /// @solidity memory-safe-assembly
        assembly {
            b.offset := offset
            b.length := length
        }
    }

    /// @dev Forwards `msg.value` to the depository's `depositNative(0, id)`, bubbling up its revert.
    function _depositNative(bytes32 id) private {
        address depository = DEPOSITORY;
        bytes4 selector = IDepository.depositNative.selector;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40) // Cached: the call data below overwrites the free memory pointer.
            // Call data in scratch space: selector (4 bytes at 0x00), depositor = 0 (0x04-0x24),
            // id (0x24-0x44), 68 bytes.
            mstore(0x00, selector)
            mstore(0x04, 0)
            mstore(0x24, id)
            if iszero(call(gas(), depository, callvalue(), 0x00, 0x44, 0x00, 0x00)) {
                returndatacopy(m, 0x00, returndatasize())
                revert(m, returndatasize())
            }
            mstore(0x40, m) // Restore the free memory pointer.
        }
    }

    /// @dev Pulls `amount` of `token` from the caller, checks that this receiver's balance grew by
    /// exactly `amount` (the amount half of check 3, and of O4 for an order), and deposits it under
    /// `id`.
    function _pullAndDepositErc20(address token, uint256 amount, bytes32 id) private {
        uint256 balanceBefore = SafeTransferLib.balanceOf(token, address(this));
        SafeTransferLib.safeTransferFrom(token, msg.sender, address(this), amount);
        uint256 balanceAfter = SafeTransferLib.balanceOf(token, address(this));
        // A balance that went down is reported as 0 received.
        uint256 received = balanceAfter > balanceBefore ? balanceAfter - balanceBefore : 0;
        if (received != amount) revert AmountMismatch(amount, received);

        address depository = DEPOSITORY;
        // The depository pulls with `transferFrom`, consuming exactly this allowance back to 0.
        SafeTransferLib.safeApproveWithRetry(token, depository, amount);
        IDepository(depository).depositErc20(address(0), token, amount, id);
    }

    /// @dev The slow path of check 6: a signature that breaks a rule is refused before any solver
    /// is asked; then additional EOA solvers, then contract solvers; otherwise `SignerNotAllowed`.
    function _checkOtherSolvers(bytes32 digest, bytes calldata signature, address signer, uint256 code, uint256 config)
        private
        view
    {
        AttestationLib.revertWithCode(code, signature);
        if (_isSolver[signer]) return;
        uint256 count = (config >> _CONTRACT_SOLVER_COUNT_SHIFT) & 0xff;
        for (uint256 i; i < count; ++i) {
            if (SignatureCheckerLib.isValidERC1271SignatureNowCalldata(_contractSolvers[i], digest, signature)) {
                return;
            }
        }
        revert SignerNotAllowed(signer);
    }

    /// @dev The payment word's commitment to `amount` of `currency`: the top 96 bits of
    /// `keccak256(abi.encode(currency, amount))`, computed in scratch space.
    function _paymentTag(address currency, uint256 amount) private pure returns (uint256 tag) {
        /// @solidity memory-safe-assembly
        assembly {
            mstore(0x00, currency)
            mstore(0x20, amount)
            tag := and(keccak256(0x00, 0x40), _PAYMENT_TAG_MASK)
        }
    }

    /// @dev Sends `amount` of `currency` (zero: native) from this receiver's balance to `to`.
    function _send(address currency, address to, uint256 amount) private {
        if (currency == address(0)) SafeTransferLib.safeTransferETH(to, amount);
        else SafeTransferLib.safeTransfer(currency, to, amount);
    }

    /// @dev The storage slot of a whitelist entry.
    function _recipientSlot(uint256 chainId, bytes32 user) private pure returns (uint256 slot) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40) // Cached: the third word overwrites the free memory pointer.
            mstore(0x00, chainId)
            mstore(0x20, user)
            mstore(0x40, _RECIPIENT_SLOT_SEED)
            slot := keccak256(0x00, 0x60)
            mstore(0x40, m)
        }
    }

    /// @dev The storage slot of an order whitelist entry, from the hashes of the slug and the
    /// recipient bytes.
    function _orderRecipientSlot(bytes32 chainIdHash, bytes32 recipientHash) private pure returns (uint256 slot) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40) // Cached: the third word overwrites the free memory pointer.
            mstore(0x00, chainIdHash)
            mstore(0x20, recipientHash)
            mstore(0x40, _ORDER_RECIPIENT_SLOT_SEED)
            slot := keccak256(0x00, 0x60)
            mstore(0x40, m)
        }
    }

    /// @dev `keccak256` of calldata bytes, copied to free memory without allocating.
    function _hashCalldata(bytes calldata b) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            calldatacopy(m, b.offset, b.length)
            result := keccak256(m, b.length)
        }
    }

    /// @dev Writes one whitelist entry and logs it.
    function _setRecipient(uint256 chainId, bytes32 user, bool allowed) private {
        uint256 slot = _recipientSlot(chainId, user);
        /// @solidity memory-safe-assembly
        assembly {
            sstore(slot, allowed)
        }
        emit RecipientSet(chainId, user, allowed);
    }

    /// @dev Replaces the low 160 bits of the configuration word, keeping the flags.
    function _setPrimarySolver(address solver) private {
        _config = (_config & ~_SOLVER_MASK) | uint160(solver);
        emit PrimarySolverSet(solver);
    }

    /// @dev Adds or removes one additional EOA solver.
    function _setSolver(address solver, bool allowed) private {
        if (solver == address(0)) revert ZeroSolver();
        _isSolver[solver] = allowed;
        emit SolverSet(solver, allowed);
    }

    /// @dev Replaces the contract solver list and mirrors its length into the configuration word,
    /// so that the pay path knows whether to look further without another storage read.
    function _setContractSolvers(address[] memory solvers) private {
        if (solvers.length > MAX_CONTRACT_SOLVERS) {
            revert TooManyContractSolvers(solvers.length, MAX_CONTRACT_SOLVERS);
        }
        for (uint256 i; i < solvers.length; ++i) {
            if (solvers[i].code.length == 0) revert ContractSolverHasNoCode(solvers[i]);
        }
        _contractSolvers = solvers;
        uint256 shift = _CONTRACT_SOLVER_COUNT_SHIFT;
        _config = (_config & ~(uint256(0xff) << shift)) | (solvers.length << shift);
        emit ContractSolversSet(solvers);
    }

    /// @dev Sets or clears one flag bit of the configuration word.
    function _setFlag(uint256 bit, bool on) private {
        _config = on ? _config | bit : _config & ~bit;
    }

    /// @dev Uses transient storage on every chain: the receiver targets Cancun-or-later chains.
    function _useTransientReentrancyGuardOnlyOnMainnet() internal pure override returns (bool) {
        return false;
    }
}
