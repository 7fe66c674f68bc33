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

/// @notice Order ids and order signatures (`protocol.v2`) checked onchain, with exactly the rules
/// of the TypeScript verifiers.
/// @author attestkit
/// @dev `orderId = hashStruct(order)` (EIP-712, no domain, no `\x19\x01`), hashed straight from
/// calldata; `orderSignature` signs `keccak256("\x19Ethereum Signed Message:\n32" || orderId)`.
/// The rules, checked in this order (the first broken one is reported):
///   1. `order.version` is `"v1"` for `Order` and `"v2"` for `OrderV2`: a layout is never hashed
///      under another's name (`OrderUnsupportedVersion`);
///   2. the calldata decodes as the struct (offsets in bounds, each `uint32` below 2^32), which the
///      Solidity decoder enforces with a plain revert;
///   3-8. the signature rules 1-6 of `AttestationLib` (65 bytes, `v` in {27, 28} with 0/1 read as
///      27/28, `0 < r < n`, `s != 0`, `s <= n/2`, a signer recovers), through `AttestationLib.tryRecover`.
/// What the id does not cover (`paymentDetails.depository`, `hubType`) must be checked by the
/// caller; replay must be keyed on the order id, never on signature bytes.
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

    /// @dev Returns the id of an order v1: its EIP-712 `hashStruct`, no domain. Reverts with
    /// `OrderUnsupportedVersion` unless `o.version` is `"v1"`.
    function hash(Order calldata o) internal pure returns (bytes32 result) {
        bytes32 version = _hashText(bytes(o.version));
        if (version != VERSION_V1_HASH) revert OrderUnsupportedVersion(o.version);
        bytes32 solverChainId = _hashText(bytes(o.solverChainId));
        address solver = o.solver;
        uint256 salt = o.salt;
        bytes32 inputs = _hashInputs(o.inputs);
        bytes32 output = _hashOutput(o.output);
        bytes32 fees = _hashFees(o.fees);
        /// @solidity memory-safe-assembly
        assembly {
            // 8 words in free memory, not allocated: nothing else runs before the keccak256.
            let m := mload(0x40)
            mstore(m, ORDER_TYPEHASH)
            mstore(add(m, 0x20), version)
            mstore(add(m, 0x40), solverChainId)
            mstore(add(m, 0x60), shr(96, shl(96, solver))) // An address is its 20 bytes, left-padded.
            mstore(add(m, 0x80), salt)
            mstore(add(m, 0xa0), inputs)
            mstore(add(m, 0xc0), output)
            mstore(add(m, 0xe0), fees)
            result := keccak256(m, 0x100)
        }
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

    /// @dev Returns the EIP-191 digest of an order id: what the solver's key signs.
    function digest(bytes32 orderId) internal pure returns (bytes32) {
        return ECDSA.toEthSignedMessageHash(orderId);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          RECOVERY                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Recovers the signer of an order id under the `AttestationLib` rules without reverting:
    /// `(signer, AttestationLib.OK)` or `(address(0), AttestationLib.ERR_*)`.
    function tryRecover(bytes32 orderId, bytes calldata signature)
        internal
        view
        returns (address signer, uint256 code)
    {
        return AttestationLib.tryRecover(digest(orderId), signature);
    }

    /// @dev Recovers the signer of an order id, reverting with the `AttestationLib` error of the
    /// first broken signature rule.
    function recover(bytes32 orderId, bytes calldata signature) internal view returns (address) {
        return AttestationLib.recover(digest(orderId), signature);
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

    /// @dev `keccak256(hashStruct(inputs[0]) || ...)`: an EIP-712 array of structs.
    function _hashInputs(OrderInput[] calldata inputs) private pure returns (bytes32) {
        uint256 n = inputs.length;
        uint256 m = _beginWords(n);
        for (uint256 i; i < n; ++i) {
            _setWord(m, i, _hashInput(inputs[i]));
        }
        return _endWords(m, n);
    }

    /// @dev `hashStruct(Input)`.
    function _hashInput(OrderInput calldata input) private pure returns (bytes32 result) {
        bytes32 payment = _hashInputPayment(input.payment);
        bytes32 refunds = _hashInputRefunds(input.refunds);
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, INPUT_TYPEHASH)
            mstore(add(m, 0x20), payment)
            mstore(add(m, 0x40), refunds)
            result := keccak256(m, 0x60)
        }
    }

    /// @dev `hashStruct(InputPayment)`.
    function _hashInputPayment(OrderInputPayment calldata p) private pure returns (bytes32 result) {
        bytes32 chainId = _hashText(bytes(p.chainId));
        bytes32 currency = _hashText(p.currency);
        uint256 amount = p.amount;
        uint256 weight = p.weight;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, INPUT_PAYMENT_TYPEHASH)
            mstore(add(m, 0x20), chainId)
            mstore(add(m, 0x40), currency)
            mstore(add(m, 0x60), amount)
            mstore(add(m, 0x80), weight)
            result := keccak256(m, 0xa0)
        }
    }

    /// @dev `keccak256(hashStruct(refunds[0]) || ...)`.
    function _hashInputRefunds(OrderInputRefund[] calldata refunds) private pure returns (bytes32) {
        uint256 n = refunds.length;
        uint256 m = _beginWords(n);
        for (uint256 i; i < n; ++i) {
            _setWord(m, i, _hashInputRefund(refunds[i]));
        }
        return _endWords(m, n);
    }

    /// @dev `hashStruct(InputRefund)`.
    function _hashInputRefund(OrderInputRefund calldata r) private pure returns (bytes32 result) {
        bytes32 chainId = _hashText(bytes(r.chainId));
        bytes32 recipient = _hashText(r.recipient);
        bytes32 currency = _hashText(r.currency);
        uint256 minimumAmount = r.minimumAmount;
        uint256 deadline = r.deadline;
        bytes32 extraData = _hashText(r.extraData);
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, INPUT_REFUND_TYPEHASH)
            mstore(add(m, 0x20), chainId)
            mstore(add(m, 0x40), recipient)
            mstore(add(m, 0x60), currency)
            mstore(add(m, 0x80), minimumAmount)
            mstore(add(m, 0xa0), deadline)
            mstore(add(m, 0xc0), extraData)
            result := keccak256(m, 0xe0)
        }
    }

    /// @dev `hashStruct(Output)`.
    function _hashOutput(OrderOutput calldata out) private pure returns (bytes32 result) {
        bytes32 chainId = _hashText(bytes(out.chainId));
        bytes32 payments = _hashOutputPayments(out.payments);
        uint256 deadline = out.deadline;
        bytes32 calls = _hashBytesArray(out.calls);
        bytes32 extraData = _hashText(out.extraData);
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, OUTPUT_TYPEHASH)
            mstore(add(m, 0x20), chainId)
            mstore(add(m, 0x40), payments)
            mstore(add(m, 0x60), deadline)
            mstore(add(m, 0x80), calls)
            mstore(add(m, 0xa0), extraData)
            result := keccak256(m, 0xc0)
        }
    }

    /// @dev `keccak256(hashStruct(payments[0]) || ...)`.
    function _hashOutputPayments(OrderOutputPayment[] calldata payments) private pure returns (bytes32) {
        uint256 n = payments.length;
        uint256 m = _beginWords(n);
        for (uint256 i; i < n; ++i) {
            _setWord(m, i, _hashOutputPayment(payments[i]));
        }
        return _endWords(m, n);
    }

    /// @dev `hashStruct(OutputPayment)`.
    function _hashOutputPayment(OrderOutputPayment calldata p) private pure returns (bytes32 result) {
        bytes32 recipient = _hashText(p.recipient);
        bytes32 currency = _hashText(p.currency);
        uint256 minimumAmount = p.minimumAmount;
        uint256 expectedAmount = p.expectedAmount;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, OUTPUT_PAYMENT_TYPEHASH)
            mstore(add(m, 0x20), recipient)
            mstore(add(m, 0x40), currency)
            mstore(add(m, 0x60), minimumAmount)
            mstore(add(m, 0x80), expectedAmount)
            result := keccak256(m, 0xa0)
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
}
