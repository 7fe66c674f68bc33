// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {AttestationLib} from "./AttestationLib.sol";

// The structs of an order, fields in EIP-712 encoding order. Every `bytes` address or currency is
// already the encoding of its chain's VM (20 bytes on EVM, 32 on Solana, `[version, ...program]`
// on Bitcoin, ...): `toOrderStruct` in attestkit builds them from an API `orderData`. Chain ids are
// the service's slugs (`"base"`, `"solana"`), hashed as text. Solidity names carry an `Order`
// prefix; the EIP-712 type names in the typehashes are the service's (`Input`, `Fee`, ...).

/// @notice `InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)`.
struct OrderInputPayment {
    string chainId;
    bytes currency;
    uint256 amount;
    uint256 weight;
}

/// @notice `InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)`.
struct OrderInputRefund {
    string chainId;
    bytes recipient;
    bytes currency;
    uint256 minimumAmount;
    uint32 deadline;
    bytes extraData;
}

/// @notice `Input(InputPayment payment,InputRefund[] refunds)`.
struct OrderInput {
    OrderInputPayment payment;
    OrderInputRefund[] refunds;
}

/// @notice `OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)`.
struct OrderOutputPayment {
    bytes recipient;
    bytes currency;
    uint256 minimumAmount;
    uint256 expectedAmount;
}

/// @notice `Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)`.
struct OrderOutput {
    string chainId;
    OrderOutputPayment[] payments;
    uint32 deadline;
    bytes[] calls;
    bytes extraData;
}

/// @notice `Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)`,
/// the same in both order versions.
struct OrderFee {
    string recipientChainId;
    bytes recipient;
    string currencyChainId;
    bytes currency;
    uint256 amount;
}

/// @notice An order v1 (what the service returns today):
/// `Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,Output output,Fee[] fees)`.
struct Order {
    string version;
    string solverChainId;
    address solver;
    uint256 salt;
    OrderInput[] inputs;
    OrderOutput output;
    OrderFee[] fees;
}

/// @notice v2 `Input(string chainId,bytes currency,uint256 amount)`.
struct OrderV2Input {
    string chainId;
    bytes currency;
    uint256 amount;
}

/// @notice v2 `Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)`.
struct OrderV2Refund {
    string chainId;
    bytes currency;
    uint256 minimumAmount;
    bytes recipient;
}

/// @notice v2 `Withdraw(bytes currency,uint256 minimumAmount)`.
struct OrderV2Withdraw {
    bytes currency;
    uint256 minimumAmount;
}

/// @notice v2 `Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)`.
struct OrderV2Fill {
    bytes currency;
    uint256 minimumAmount;
    bytes recipient;
    bytes[] calls;
}

/// @notice v2 `Output(string chainId,Withdraw withdraw,Fill fill)`.
struct OrderV2Output {
    string chainId;
    OrderV2Withdraw withdraw;
    OrderV2Fill fill;
}

/// @notice An order v2 (the settlement SDK's `OrderV2`): `Order(string version,string relayerChainId,
/// address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)`.
struct OrderV2 {
    string version;
    string relayerChainId;
    address relayer;
    uint256 salt;
    uint32 deadline;
    OrderV2Input input;
    OrderV2Refund[] refunds;
    OrderV2Output output;
    OrderFee[] fees;
}

/// @notice An order's payment terms, read in the same pass over calldata as its id: what a receiver
/// checks before it pays the order. Counts and the deadline are as signed. The input described is
/// v1's last one (the only one in the one-input orders a receiver pays), with its refunds; the
/// output payment described is v1's first one (zero when there are none). A `*Offset` and
/// `*Length` locate bytes in calldata (bounds-checked; for the currency check and error messages);
/// a `*Hash` is their `keccak256`. A list (`outputPaymentsOffset`, `refundsOffset`, `feesOffset`) is
/// located as the ABI lays it out, by the calldata position of its element offsets: its length is
/// the word before, element `i`'s head starts at `offset + calldataload(offset + 32 * i)`, and every
/// offset and length in it was bounds-checked while the id was computed, so a caller reads the
/// list without checking it again.
struct OrderTerms {
    /// @dev v1 `inputs.length`; 1 for v2.
    uint256 inputCount;
    /// @dev v1 `output.payments.length`; 1 for v2.
    uint256 outputPaymentCount;
    /// @dev The solver-signed deadline: v1 `output.deadline` (the fill deadline), v2 `deadline`.
    uint256 deadline;
    /// @dev v1 `output.calls.length`, v2 `output.fill.calls.length`.
    uint256 callCount;
    /// @dev v1 `inputs[0].payment.amount`, v2 `input.amount`.
    uint256 amount;
    /// @dev v1 `inputs[0].payment.chainId`, v2 `input.chainId`.
    bytes32 paymentChainIdHash;
    uint256 paymentChainIdOffset;
    uint256 paymentChainIdLength;
    /// @dev v1 `inputs[0].payment.currency`, v2 `input.currency`.
    uint256 currencyOffset;
    uint256 currencyLength;
    /// @dev `output.chainId`.
    bytes32 outputChainIdHash;
    uint256 outputChainIdOffset;
    uint256 outputChainIdLength;
    /// @dev v1 `output.payments[0].recipient`, v2 `output.fill.recipient`.
    bytes32 recipientHash;
    uint256 recipientOffset;
    uint256 recipientLength;
    /// @dev v1 `output.payments`, each element's `recipient` at head word 0; zero for v2, whose one
    /// recipient is `recipient*`.
    uint256 outputPaymentsOffset;
    /// @dev v1 `inputs[last].refunds`, v2 `refunds`, and where each element's `recipient` sits in
    /// its head (v1 at `0x20`, v2 at `0x60`; `chainId` is head word 0 in both).
    uint256 refundsOffset;
    uint256 refundRecipientHead;
    /// @dev `fees`, both versions: each element's `recipientChainId` at head word 0, `recipient` at 1.
    uint256 feesOffset;
    /// @dev v2 `output.fill.currency` (its bytes); zero for v1, whose output currencies are each
    /// element of `outputPaymentsOffset` at head word 1.
    uint256 outputCurrencyOffset;
}

/// @notice Order ids and order signatures (`protocol.v2`) checked onchain, with exactly the rules
/// of the TypeScript verifiers.
/// @author attestkit
/// @dev `orderId = hashStruct(order)` (EIP-712, no domain, no `\x19\x01`), hashed straight from
/// calldata; `orderSignature` signs `keccak256("\x19Ethereum Signed Message:\n32" || orderId)`.
/// The rules, checked in this order (the first broken one is reported):
///   1. `order.version` is `"v1"` for `Order` and `"v2"` for `OrderV2`: a layout is never hashed
///      under another's name (`OrderUnsupportedVersion`);
///   2. the calldata decodes as the struct, else a plain revert: for v1, `hashWithTerms` checks what
///      the Solidity decoder would (each offset, length and count below 2^32 and inside calldata,
///      each `uint32` below 2^32, `solver` a clean address word); v2 goes through the decoder;
///   3-8. the signature rules 1-6 of `AttestationLib` (65 bytes, `v` in {27, 28} with 0/1 read as
///      27/28, `0 < r < n`, `s != 0`, `s <= n/2`, a signer recovers), through `AttestationLib.tryRecover`.
/// What the id does not cover (`paymentDetails.depository`, `hubType`) must be checked by the
/// caller; replay must be keyed on the order id, never on signature bytes.
/// Check a signature with `recover` / `tryRecover`, which take the order and recompute its id. The
/// `*Id` functions take an id as given: an order id and an attestation hash are both 32 bytes that
/// the solver's key signs under the same EIP-191 prefix, so a signature "verifies" over any id a
/// caller hands in; pass them only an id recomputed from its order.
library OrderLib {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         CONSTANTS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    // Typehashes: `keccak256` of each struct's EIP-712 type string (itself, then the structs it
    // references, sorted by name), written out because inline assembly takes only literal
    // constants. test/solidity/OrderLib.t.sol recomputes each one from its string.

    /// @dev v1 `Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,
    /// Output output,Fee[] fees)` followed by `Fee`, `Input`, `InputPayment`, `InputRefund`,
    /// `Output` and `OutputPayment`.
    bytes32 internal constant ORDER_TYPEHASH = 0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e;

    /// @dev v1 `Input(InputPayment payment,InputRefund[] refunds)` followed by `InputPayment` and `InputRefund`.
    bytes32 internal constant INPUT_TYPEHASH = 0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745;

    /// @dev v1 `InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)`.
    bytes32 internal constant INPUT_PAYMENT_TYPEHASH =
        0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb;

    /// @dev v1 `InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,
    /// uint32 deadline,bytes extraData)`.
    bytes32 internal constant INPUT_REFUND_TYPEHASH =
        0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2;

    /// @dev v1 `Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)`
    /// followed by `OutputPayment`.
    bytes32 internal constant OUTPUT_TYPEHASH = 0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269;

    /// @dev v1 `OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)`.
    bytes32 internal constant OUTPUT_PAYMENT_TYPEHASH =
        0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc;

    /// @dev `Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)`,
    /// both versions.
    bytes32 internal constant FEE_TYPEHASH = 0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae;

    /// @dev v2 `Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,
    /// Input input,Refund[] refunds,Output output,Fee[] fees)` followed by `Fee`, `Fill`, `Input`,
    /// `Output`, `Refund` and `Withdraw`.
    bytes32 internal constant ORDER_V2_TYPEHASH = 0xb7f486624026ae401825ef4a258d2cc1e12a28b9005c12d5086930b7b094b645;

    /// @dev v2 `Input(string chainId,bytes currency,uint256 amount)`.
    bytes32 internal constant INPUT_V2_TYPEHASH = 0xf60f330bccb0564147ef5e2cca0ba28e30c5d80ff9964684b915274bb6707226;

    /// @dev v2 `Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)`.
    bytes32 internal constant REFUND_V2_TYPEHASH = 0x0e84ab180395d369bc317d503deabec70102299585b95e20fe2e1270d5516805;

    /// @dev v2 `Output(string chainId,Withdraw withdraw,Fill fill)` followed by `Fill` and `Withdraw`.
    bytes32 internal constant OUTPUT_V2_TYPEHASH = 0x159296a38369c83e5e9c626c5216da68f0a6176cb3334be8e15f53030e3b7b25;

    /// @dev v2 `Withdraw(bytes currency,uint256 minimumAmount)`.
    bytes32 internal constant WITHDRAW_V2_TYPEHASH =
        0xa853ec6d1e558b0731606ef40fdba4d65c3a051d33711196df33f39210c1954d;

    /// @dev v2 `Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)`.
    bytes32 internal constant FILL_V2_TYPEHASH = 0xeb1cb11cd1fe32d578ab2060abf86dfc33b4a67fea5aed3a214a5dd3d374f61f;

    /// @dev `keccak256("v1")`: the only version an `Order` may carry (rule 1).
    bytes32 internal constant VERSION_V1_HASH = 0x0984d5efd47d99151ae1be065a709e56c602102f24c1abc4008eb3f815a8d217;

    /// @dev `keccak256("v2")`: the only version an `OrderV2` may carry (rule 1).
    bytes32 internal constant VERSION_V2_HASH = 0xf9446b8e937d86f0bc87cac73923491692b123ca5f8761908494703758206adf;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The order's `version` is not the one of its layout (rule 1).
    /// @param version The version received.
    error OrderUnsupportedVersion(string version);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          HASHING                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Returns the id of an order v1: its EIP-712 `hashStruct`, no domain. Reverts like
    /// `hashWithTerms` (in the generated section at the end of the library).
    function hash(Order calldata o) internal pure returns (bytes32 orderId) {
        (orderId,) = hashWithTerms(o);
    }

    /// @dev Returns the id of an order v2. Reverts with `OrderUnsupportedVersion` unless
    /// `o.version` is `"v2"`.
    function hash(OrderV2 calldata o) internal pure returns (bytes32 result) {
        bytes32 version = _hashText(bytes(o.version));
        if (version != VERSION_V2_HASH) revert OrderUnsupportedVersion(o.version);
        bytes32[9] memory w;
        w[0] = ORDER_V2_TYPEHASH;
        w[1] = version;
        w[2] = _hashText(bytes(o.relayerChainId));
        w[3] = bytes32(uint256(uint160(o.relayer)));
        w[4] = bytes32(o.salt);
        w[5] = bytes32(uint256(o.deadline));
        w[6] = _hashInputV2(o.input);
        w[7] = _hashRefundsV2(o.refunds);
        w[8] = _hashOutputV2(o.output);
        bytes32 fees = _hashFees(o.fees);
        /// @solidity memory-safe-assembly
        assembly {
            // `w` is 9 contiguous words; the 10th (fees) goes right after it, in free memory.
            mstore(add(w, 0x120), fees)
            result := keccak256(w, 0x140)
        }
    }

    /// @dev Returns the id of an order v2 and its payment terms: its one input, its fill (the
    /// recipient and calls of `output.fill`), its refunds and its fees. Reverts like `hash(OrderV2)`,
    /// whose Solidity accessors have checked every offset the terms locate.
    function hashWithTerms(OrderV2 calldata o) internal pure returns (bytes32 orderId, OrderTerms memory terms) {
        orderId = hash(o);
        terms.inputCount = 1;
        terms.outputPaymentCount = 1;
        terms.deadline = o.deadline;
        OrderV2Input calldata input = o.input;
        terms.amount = input.amount;
        (terms.paymentChainIdHash, terms.paymentChainIdOffset, terms.paymentChainIdLength) =
            _locate(bytes(input.chainId));
        (, terms.currencyOffset, terms.currencyLength) = _locate(input.currency);
        OrderV2Output calldata output = o.output;
        (terms.outputChainIdHash, terms.outputChainIdOffset, terms.outputChainIdLength) =
            _locate(bytes(output.chainId));
        (terms.recipientHash, terms.recipientOffset, terms.recipientLength) = _locate(output.fill.recipient);
        terms.callCount = output.fill.calls.length;
        uint256 refundsOffset;
        uint256 feesOffset;
        /// @solidity memory-safe-assembly
        assembly {
            // Offsets `hash` has checked through the decoder; each array's element offsets start
            // after its length word.
            refundsOffset := add(add(o, calldataload(add(o, _V2_ORDER_REFUNDS))), 0x20)
            feesOffset := add(add(o, calldataload(add(o, _V2_ORDER_FEES))), 0x20)
        }
        terms.refundsOffset = refundsOffset;
        terms.refundRecipientHead = _V2_REFUND_RECIPIENT;
        terms.feesOffset = feesOffset;
        /// @solidity memory-safe-assembly
        assembly {
            // `output.fill.currency`'s bytes, through offsets `hash` has checked: Output(chainId,
            // withdraw, fill) has `fill` at head word 2, Fill(currency, ...) `currency` at word 0.
            let out := add(o, calldataload(add(o, _V2_ORDER_OUTPUT)))
            let fill := add(out, calldataload(add(out, _V2_OUTPUT_FILL)))
            // terms.outputCurrencyOffset
            mstore(add(terms, _TERMS_OUTPUT_CURRENCY_OFFSET), add(add(fill, calldataload(add(fill, _V2_FILL_CURRENCY))), 0x20))
        }
    }

    /// @dev Returns the EIP-191 digest of an order id: what the solver's key signs. The id is
    /// the caller's: any 32 bytes have a digest (an attestation's hash among them, which the same
    /// key signs under the same prefix), so a signature over it proves nothing about an order
    /// unless the id was recomputed from one (`hash`, `hashWithTerms`).
    function idDigest(bytes32 orderId) internal pure returns (bytes32) {
        return ECDSA.toEthSignedMessageHash(orderId);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          RECOVERY                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    // `recover` and `tryRecover` take the order and recompute its id: what an order signature is
    // checked against. `recoverId` and `tryRecoverId` take an id as given, for a caller that has
    // recomputed it already; a signer recovered over an id the caller did not recompute has signed
    // 32 bytes, not necessarily an order (an attestation signature recovers too).

    /// @dev Recovers the signer of an order v1 (over the id recomputed from it), reverting with
    /// the `AttestationLib` error of the first broken signature rule.
    function recover(Order calldata o, bytes calldata signature) internal view returns (address) {
        return recoverId(hash(o), signature);
    }

    /// @dev Recovers the signer of an order v2 (over the id recomputed from it), reverting like
    /// `recover(Order)`.
    function recover(OrderV2 calldata o, bytes calldata signature) internal view returns (address) {
        return recoverId(hash(o), signature);
    }

    /// @dev Recovers the signer of an order v1 (over the id recomputed from it) without reverting
    /// on a signature rule: `(signer, AttestationLib.OK)` or `(address(0), AttestationLib.ERR_*)`.
    /// The order itself is hashed first, so a malformed order still reverts.
    function tryRecover(Order calldata o, bytes calldata signature)
        internal
        view
        returns (address signer, uint256 code)
    {
        return tryRecoverId(hash(o), signature);
    }

    /// @dev `tryRecover` for an order v2.
    function tryRecover(OrderV2 calldata o, bytes calldata signature)
        internal
        view
        returns (address signer, uint256 code)
    {
        return tryRecoverId(hash(o), signature);
    }

    /// @dev Recovers the key that signed a given order id under the `AttestationLib` rules without
    /// reverting: `(signer, AttestationLib.OK)` or `(address(0), AttestationLib.ERR_*)`. Only as
    /// meaningful as the id: recompute it from the order (or use `tryRecover`).
    function tryRecoverId(bytes32 orderId, bytes calldata signature)
        internal
        view
        returns (address signer, uint256 code)
    {
        return AttestationLib.tryRecover(idDigest(orderId), signature);
    }

    /// @dev Recovers the key that signed a given order id, reverting with the `AttestationLib`
    /// error of the first broken signature rule. Only as meaningful as the id (see `tryRecoverId`).
    function recoverId(bytes32 orderId, bytes calldata signature) internal view returns (address) {
        return AttestationLib.recover(idDigest(orderId), signature);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                      PRIVATE HELPERS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev `keccak256` of calldata bytes (a `string` or `bytes` member): EIP-712 encodes both by
    /// their hash. Copied to free memory without allocating.
    function _hashText(bytes calldata b) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            calldatacopy(m, b.offset, b.length)
            result := keccak256(m, b.length)
        }
    }

    /// @dev `keccak256` of calldata bytes, and where they are.
    function _locate(bytes calldata b) private pure returns (bytes32 h, uint256 offset, uint256 length) {
        h = _hashText(b);
        /// @solidity memory-safe-assembly
        assembly {
            offset := b.offset
            length := b.length
        }
    }

    /// @dev `keccak256` of `n` words that the caller writes at `m` (an array's element encodings).
    /// Reserves them by moving the free memory pointer, so that the elements' own hashing (which
    /// uses memory above it) cannot overwrite them; `_endWords` gives the memory back.
    function _beginWords(uint256 n) private pure returns (uint256 m) {
        /// @solidity memory-safe-assembly
        assembly {
            m := mload(0x40)
            mstore(0x40, add(m, shl(5, n))) // n * 32 bytes.
        }
    }

    /// @dev Hashes the `n` words at `m` and restores the free memory pointer to `m`.
    function _endWords(uint256 m, uint256 n) private pure returns (bytes32 result) {
        /// @solidity memory-safe-assembly
        assembly {
            result := keccak256(m, shl(5, n))
            mstore(0x40, m)
        }
    }

    /// @dev Stores `value` as word `i` of the region at `m`.
    function _setWord(uint256 m, uint256 i, bytes32 value) private pure {
        /// @solidity memory-safe-assembly
        assembly {
            mstore(add(m, shl(5, i)), value)
        }
    }

    /// @dev `bytes[]` in EIP-712: `keccak256(keccak256(calls[0]) || ...)`.
    function _hashBytesArray(bytes[] calldata items) private pure returns (bytes32) {
        uint256 n = items.length;
        uint256 m = _beginWords(n);
        for (uint256 i; i < n; ++i) {
            _setWord(m, i, _hashText(items[i]));
        }
        return _endWords(m, n);
    }

    /// @dev `keccak256(hashStruct(fees[0]) || ...)`.
    function _hashFees(OrderFee[] calldata fees) private pure returns (bytes32) {
        uint256 n = fees.length;
        uint256 m = _beginWords(n);
        for (uint256 i; i < n; ++i) {
            _setWord(m, i, _hashFee(fees[i]));
        }
        return _endWords(m, n);
    }

    /// @dev `hashStruct(Fee)`.
    function _hashFee(OrderFee calldata f) private pure returns (bytes32 result) {
        bytes32 recipientChainId = _hashText(bytes(f.recipientChainId));
        bytes32 recipient = _hashText(f.recipient);
        bytes32 currencyChainId = _hashText(bytes(f.currencyChainId));
        bytes32 currency = _hashText(f.currency);
        uint256 amount = f.amount;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, FEE_TYPEHASH)
            mstore(add(m, 0x20), recipientChainId)
            mstore(add(m, 0x40), recipient)
            mstore(add(m, 0x60), currencyChainId)
            mstore(add(m, 0x80), currency)
            mstore(add(m, 0xa0), amount)
            result := keccak256(m, 0xc0)
        }
    }

    /// @dev v2 `hashStruct(Input)`.
    function _hashInputV2(OrderV2Input calldata i) private pure returns (bytes32) {
        return keccak256(abi.encode(INPUT_V2_TYPEHASH, _hashText(bytes(i.chainId)), _hashText(i.currency), i.amount));
    }

    /// @dev v2 `keccak256(hashStruct(refunds[0]) || ...)`.
    function _hashRefundsV2(OrderV2Refund[] calldata refunds) private pure returns (bytes32) {
        uint256 n = refunds.length;
        uint256 m = _beginWords(n);
        for (uint256 i; i < n; ++i) {
            OrderV2Refund calldata r = refunds[i];
            _setWord(
                m,
                i,
                keccak256(
                    abi.encode(
                        REFUND_V2_TYPEHASH,
                        _hashText(bytes(r.chainId)),
                        _hashText(r.currency),
                        r.minimumAmount,
                        _hashText(r.recipient)
                    )
                )
            );
        }
        return _endWords(m, n);
    }

    /// @dev v2 `hashStruct(Output)`, with its `Withdraw` and `Fill`.
    function _hashOutputV2(OrderV2Output calldata out) private pure returns (bytes32) {
        bytes32 withdraw = keccak256(
            abi.encode(WITHDRAW_V2_TYPEHASH, _hashText(out.withdraw.currency), out.withdraw.minimumAmount)
        );
        OrderV2Fill calldata f = out.fill;
        bytes32 fill = keccak256(
            abi.encode(
                FILL_V2_TYPEHASH,
                _hashText(f.currency),
                f.minimumAmount,
                _hashText(f.recipient),
                _hashBytesArray(f.calls)
            )
        );
        return keccak256(abi.encode(OUTPUT_V2_TYPEHASH, _hashText(bytes(out.chainId)), withdraw, fill));
    }

    // {{ORDER_V1_WALKER}}
