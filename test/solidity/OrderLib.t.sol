// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {OrderVerifier} from "../../packages/attestkit/contracts/OrderVerifier.sol";
import {AttestationLib} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {
    Order,
    OrderFee,
    OrderInput,
    OrderInputPayment,
    OrderInputRefund,
    OrderLib,
    OrderOutput,
    OrderOutputPayment,
    OrderTerms,
    OrderV2,
    OrderV2Fill,
    OrderV2Input,
    OrderV2Output,
    OrderV2Refund,
    OrderV2Withdraw
} from "../../packages/attestkit/contracts/libraries/OrderLib.sol";
import {Test} from "./utils/Test.sol";

/// @dev `Order` with a `uint256` deadline in the refund: the same ABI layout, so its encoding can
/// carry a deadline that does not fit `uint32`.
struct WideRefund {
    string chainId;
    bytes recipient;
    bytes currency;
    uint256 minimumAmount;
    uint256 deadline;
    bytes extraData;
}

struct WideInput {
    OrderInputPayment payment;
    WideRefund[] refunds;
}

struct WideOrder {
    string version;
    string solverChainId;
    address solver;
    uint256 salt;
    WideInput[] inputs;
    OrderOutput output;
    OrderFee[] fees;
}

/// @dev `[offset, length]` pairs of `bytes` members: as the terms' rules walk to them, and as decoded.
struct Located {
    uint256[] walked;
    uint256[] decoded;
    uint256 count;
}

/// @dev `OrderLib.hashWithTerms` beside what Solidity's own decoder reads from the same calldata:
/// every field of the terms, and every list member a receiver locates through them (element `i`'s
/// head is `list + calldataload(list + 32 * i)`, a `bytes` member's data `head +
/// calldataload(head + at) + 0x20`, its length the word before).
contract OrderTermsReader {
    /// @dev The terms of an order v1, as `hashWithTerms` returns them and as decoded.
    function read(Order calldata o)
        external
        pure
        returns (bytes32 id, OrderTerms memory terms, OrderTerms memory decoded, Located memory lists)
    {
        (id, terms) = OrderLib.hashWithTerms(o);
        decoded = _decode(o);
        // Each output payment's recipient (head word 0), each refund's chainId (word 0) and
        // recipient, each fee's recipientChainId and recipient (words 0 and 1).
        uint256 refunds = o.inputs.length == 0 ? 0 : o.inputs[o.inputs.length - 1].refunds.length;
        lists = _located(o.output.payments.length + 2 * refunds + 2 * o.fees.length);
        for (uint256 i; i < o.output.payments.length; ++i) {
            _pair(lists, _walk(terms.outputPaymentsOffset, i, 0x00), o.output.payments[i].recipient);
        }
        if (refunds != 0) _refunds(lists, terms, o.inputs[o.inputs.length - 1].refunds);
        _fees(lists, terms.feesOffset, o.fees);
    }

    /// @dev The terms of an order v2, as `hashWithTerms` returns them and as decoded.
    function readV2(OrderV2 calldata o)
        external
        pure
        returns (bytes32 id, OrderTerms memory terms, OrderTerms memory decoded, Located memory lists)
    {
        (id, terms) = OrderLib.hashWithTerms(o);
        decoded = _decodeV2(o);
        lists = _located(2 * o.refunds.length + 2 * o.fees.length);
        for (uint256 i; i < o.refunds.length; ++i) {
            _pair(lists, _walk(terms.refundsOffset, i, 0x00), bytes(o.refunds[i].chainId));
            _pair(lists, _walk(terms.refundsOffset, i, terms.refundRecipientHead), o.refunds[i].recipient);
        }
        _fees(lists, terms.feesOffset, o.fees);
    }

    /// @dev Every field, read by Solidity's checked accessors: v1's last input, its first output payment.
    function _decode(Order calldata o) internal pure returns (OrderTerms memory t) {
        t.inputCount = o.inputs.length;
        t.outputPaymentCount = o.output.payments.length;
        t.deadline = o.output.deadline;
        t.callCount = o.output.calls.length;
        if (o.inputs.length != 0) {
            OrderInput calldata input = o.inputs[o.inputs.length - 1];
            t.amount = input.payment.amount;
            (t.paymentChainIdHash, t.paymentChainIdOffset, t.paymentChainIdLength) = _locate(bytes(input.payment.chainId));
            (, t.currencyOffset, t.currencyLength) = _locate(input.payment.currency);
            OrderInputRefund[] calldata refunds = input.refunds;
            uint256 offset;
            assembly {
                offset := refunds.offset
            }
            t.refundsOffset = offset;
        }
        t.refundRecipientHead = 0x20; // InputRefund: chainId, recipient, ...
        (t.outputChainIdHash, t.outputChainIdOffset, t.outputChainIdLength) = _locate(bytes(o.output.chainId));
        if (o.output.payments.length != 0) {
            (t.recipientHash, t.recipientOffset, t.recipientLength) = _locate(o.output.payments[0].recipient);
        }
        OrderOutputPayment[] calldata payments = o.output.payments;
        OrderFee[] calldata fees = o.fees;
        uint256 paymentsOffset;
        uint256 feesOffset;
        assembly {
            paymentsOffset := payments.offset
            feesOffset := fees.offset
        }
        t.outputPaymentsOffset = paymentsOffset;
        t.feesOffset = feesOffset;
    }

    /// @dev Every field of an order v2, read by Solidity's checked accessors.
    function _decodeV2(OrderV2 calldata o) internal pure returns (OrderTerms memory t) {
        t.inputCount = 1;
        t.outputPaymentCount = 1;
        t.deadline = o.deadline;
        t.callCount = o.output.fill.calls.length;
        t.amount = o.input.amount;
        (t.paymentChainIdHash, t.paymentChainIdOffset, t.paymentChainIdLength) = _locate(bytes(o.input.chainId));
        (, t.currencyOffset, t.currencyLength) = _locate(o.input.currency);
        (t.outputChainIdHash, t.outputChainIdOffset, t.outputChainIdLength) = _locate(bytes(o.output.chainId));
        (t.recipientHash, t.recipientOffset, t.recipientLength) = _locate(o.output.fill.recipient);
        OrderV2Refund[] calldata refunds = o.refunds;
        OrderFee[] calldata fees = o.fees;
        uint256 refundsOffset;
        uint256 feesOffset;
        assembly {
            refundsOffset := refunds.offset
            feesOffset := fees.offset
        }
        t.refundsOffset = refundsOffset;
        t.refundRecipientHead = 0x60; // Refund: chainId, currency, minimumAmount, recipient.
        t.feesOffset = feesOffset;
    }

    function _refunds(Located memory lists, OrderTerms memory terms, OrderInputRefund[] calldata refunds)
        internal
        pure
    {
        for (uint256 i; i < refunds.length; ++i) {
            _pair(lists, _walk(terms.refundsOffset, i, 0x00), bytes(refunds[i].chainId));
            _pair(lists, _walk(terms.refundsOffset, i, terms.refundRecipientHead), refunds[i].recipient);
        }
    }

    function _fees(Located memory lists, uint256 list, OrderFee[] calldata fees) internal pure {
        for (uint256 i; i < fees.length; ++i) {
            _pair(lists, _walk(list, i, 0x00), bytes(fees[i].recipientChainId));
            _pair(lists, _walk(list, i, 0x20), fees[i].recipient);
        }
    }

    /// @dev Where the terms' rules locate the `bytes` member at head offset `at` of element `i`.
    function _walk(uint256 list, uint256 i, uint256 at) internal pure returns (uint256 offset) {
        assembly {
            let head := add(list, calldataload(add(list, shl(5, i))))
            offset := add(add(head, calldataload(add(head, at))), 0x20)
        }
    }

    /// @dev Room for `members` pairs.
    function _located(uint256 members) internal pure returns (Located memory lists) {
        lists.walked = new uint256[](2 * members);
        lists.decoded = new uint256[](2 * members);
    }

    /// @dev Records the member walked to at `offset` (its length the word before) and `b` as decoded.
    function _pair(Located memory lists, uint256 offset, bytes calldata b) internal pure {
        uint256 length;
        assembly {
            length := calldataload(sub(offset, 0x20))
        }
        uint256 k = lists.count;
        (lists.walked[k], lists.walked[k + 1]) = (offset, length);
        (, lists.decoded[k], lists.decoded[k + 1]) = _locate(b);
        lists.count = k + 2;
    }

    function _locate(bytes calldata b) internal pure returns (bytes32 hash, uint256 offset, uint256 length) {
        assembly {
            offset := b.offset
        }
        return (keccak256(b), offset, b.length);
    }
}

/// @dev OrderLib checked against a plain `abi.encode` reference (fuzzed orders of every shape), its
/// typehashes against their type strings, its version rule, calldata decoding and the signature
/// rules it takes from AttestationLib.
contract OrderLibTest is Test {
    OrderVerifier internal verifier;
    OrderTermsReader internal reader;

    function setUp() public {
        verifier = new OrderVerifier();
        reader = new OrderTermsReader();
    }

    /*                          TYPEHASHES                          */

    string internal constant FEE =
        "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)";
    string internal constant INPUT_PAYMENT = "InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)";
    string internal constant INPUT_REFUND =
        "InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)";
    string internal constant OUTPUT_PAYMENT =
        "OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)";
    string internal constant INPUT = "Input(InputPayment payment,InputRefund[] refunds)";
    string internal constant OUTPUT =
        "Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)";
    string internal constant ORDER =
        "Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,Output output,Fee[] fees)";
    string internal constant INPUT_V2 = "Input(string chainId,bytes currency,uint256 amount)";
    string internal constant REFUND_V2 = "Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)";
    string internal constant WITHDRAW_V2 = "Withdraw(bytes currency,uint256 minimumAmount)";
    string internal constant FILL_V2 = "Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)";
    string internal constant OUTPUT_V2 = "Output(string chainId,Withdraw withdraw,Fill fill)";
    string internal constant ORDER_V2 =
        "Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)";

    function testV1TypehashesAreThoseOfTheTypeStrings() public pure {
        assertEq(OrderLib.FEE_TYPEHASH, keccak256(bytes(FEE)), "Fee");
        assertEq(OrderLib.INPUT_PAYMENT_TYPEHASH, keccak256(bytes(INPUT_PAYMENT)), "InputPayment");
        assertEq(OrderLib.INPUT_REFUND_TYPEHASH, keccak256(bytes(INPUT_REFUND)), "InputRefund");
        assertEq(OrderLib.OUTPUT_PAYMENT_TYPEHASH, keccak256(bytes(OUTPUT_PAYMENT)), "OutputPayment");
        assertEq(OrderLib.INPUT_TYPEHASH, keccak256(abi.encodePacked(INPUT, INPUT_PAYMENT, INPUT_REFUND)), "Input");
        assertEq(OrderLib.OUTPUT_TYPEHASH, keccak256(abi.encodePacked(OUTPUT, OUTPUT_PAYMENT)), "Output");
        bytes memory deps = abi.encodePacked(FEE, INPUT, INPUT_PAYMENT, INPUT_REFUND, OUTPUT, OUTPUT_PAYMENT);
        assertEq(OrderLib.ORDER_TYPEHASH, keccak256(abi.encodePacked(ORDER, deps)), "Order");
        assertEq(OrderLib.VERSION_V1_HASH, keccak256("v1"), "v1");
    }

    function testV2TypehashesAreThoseOfTheTypeStrings() public pure {
        assertEq(OrderLib.INPUT_V2_TYPEHASH, keccak256(bytes(INPUT_V2)), "v2 Input");
        assertEq(OrderLib.REFUND_V2_TYPEHASH, keccak256(bytes(REFUND_V2)), "v2 Refund");
        assertEq(OrderLib.WITHDRAW_V2_TYPEHASH, keccak256(bytes(WITHDRAW_V2)), "v2 Withdraw");
        assertEq(OrderLib.FILL_V2_TYPEHASH, keccak256(bytes(FILL_V2)), "v2 Fill");
        assertEq(OrderLib.OUTPUT_V2_TYPEHASH, keccak256(abi.encodePacked(OUTPUT_V2, FILL_V2, WITHDRAW_V2)), "v2 Output");
        bytes memory deps = abi.encodePacked(FEE, FILL_V2, INPUT_V2, OUTPUT_V2, REFUND_V2, WITHDRAW_V2);
        assertEq(OrderLib.ORDER_V2_TYPEHASH, keccak256(abi.encodePacked(ORDER_V2, deps)), "v2 Order");
        assertEq(OrderLib.VERSION_V2_HASH, keccak256("v2"), "v2");
    }

    /*                   HASHING AGAINST A REFERENCE                  */

    function testFuzzHashOrderMatchesReference(uint256 seed) public view {
        Order memory order = _randomOrder(seed);
        assertEq(verifier.hashOrder(order), _referenceHash(order), "v1 order id");
    }

    function testFuzzHashOrderV2MatchesReference(uint256 seed) public view {
        OrderV2 memory order = _randomOrderV2(seed);
        assertEq(verifier.hashOrderV2(order), _referenceHashV2(order), "v2 order id");
    }

    /*                   TERMS AGAINST THE DECODER                    */

    function testFuzzTermsOfOrderMatchTheDecoder(uint256 seed) public view {
        Order memory order = _randomOrder(seed);
        (bytes32 id, OrderTerms memory terms, OrderTerms memory decoded, Located memory lists) = reader.read(order);
        assertEq(id, _referenceHash(order), "v1 order id");
        assertEq(id, verifier.hashOrder(order), "v1 order id: OrderLib.hash");
        _assertTermsEq(terms, decoded);
        _assertListsEq(lists);
    }

    function testFuzzTermsOfOrderV2MatchTheDecoder(uint256 seed) public view {
        OrderV2 memory order = _randomOrderV2(seed);
        (bytes32 id, OrderTerms memory terms, OrderTerms memory decoded, Located memory lists) = reader.readV2(order);
        assertEq(id, _referenceHashV2(order), "v2 order id");
        assertEq(id, verifier.hashOrderV2(order), "v2 order id: OrderLib.hash");
        _assertTermsEq(terms, decoded);
        _assertListsEq(lists);
    }

    function _assertTermsEq(OrderTerms memory a, OrderTerms memory b) internal pure {
        assertEq(a.inputCount, b.inputCount, "inputCount");
        assertEq(a.outputPaymentCount, b.outputPaymentCount, "outputPaymentCount");
        assertEq(a.deadline, b.deadline, "deadline");
        assertEq(a.callCount, b.callCount, "callCount");
        assertEq(a.amount, b.amount, "amount");
        assertEq(a.paymentChainIdHash, b.paymentChainIdHash, "paymentChainIdHash");
        assertEq(a.paymentChainIdOffset, b.paymentChainIdOffset, "paymentChainIdOffset");
        assertEq(a.paymentChainIdLength, b.paymentChainIdLength, "paymentChainIdLength");
        assertEq(a.currencyOffset, b.currencyOffset, "currencyOffset");
        assertEq(a.currencyLength, b.currencyLength, "currencyLength");
        assertEq(a.outputChainIdHash, b.outputChainIdHash, "outputChainIdHash");
        assertEq(a.outputChainIdOffset, b.outputChainIdOffset, "outputChainIdOffset");
        assertEq(a.outputChainIdLength, b.outputChainIdLength, "outputChainIdLength");
        assertEq(a.recipientHash, b.recipientHash, "recipientHash");
        assertEq(a.recipientOffset, b.recipientOffset, "recipientOffset");
        assertEq(a.recipientLength, b.recipientLength, "recipientLength");
        assertEq(a.outputPaymentsOffset, b.outputPaymentsOffset, "outputPaymentsOffset");
        assertEq(a.refundsOffset, b.refundsOffset, "refundsOffset");
        assertEq(a.refundRecipientHead, b.refundRecipientHead, "refundRecipientHead");
        assertEq(a.feesOffset, b.feesOffset, "feesOffset");
    }

    /// @dev Pair `k` of the lists: offset at word `2k`, length at `2k + 1`.
    function _assertListsEq(Located memory lists) internal pure {
        assertEq(lists.count, lists.walked.length, "every list member recorded");
        for (uint256 i; i < lists.count; ++i) {
            assertEq(lists.walked[i], lists.decoded[i], string.concat("list member word ", _decimal(i)));
        }
    }

    function _decimal(uint256 value) internal pure returns (string memory out) {
        if (value == 0) return "0";
        for (; value != 0; value /= 10) {
            out = string.concat(string(abi.encodePacked(bytes1(uint8(48 + value % 10)))), out);
        }
    }

    function testEveryFieldChangesTheId() public view {
        Order memory order = _randomOrder(7);
        bytes32 id = verifier.hashOrder(order);
        order.salt ^= 1;
        assertTrue(verifier.hashOrder(order) != id, "salt");
        order.salt ^= 1;
        order.output.deadline ^= 1;
        assertTrue(verifier.hashOrder(order) != id, "output deadline");
        order.output.deadline ^= 1;
        order.solverChainId = "other";
        assertTrue(verifier.hashOrder(order) != id, "solverChainId");
    }

    /*                            VERSION                             */

    function testVersionOtherThanV1Reverts() public {
        Order memory order = _randomOrder(1);
        string[4] memory bad = ["v2", "V1", "", "v1 "];
        for (uint256 i; i < bad.length; ++i) {
            order.version = bad[i];
            vm.expectRevert(abi.encodeWithSelector(OrderLib.OrderUnsupportedVersion.selector, bad[i]));
            verifier.hashOrder(order);
        }
    }

    function testVersionOtherThanV2RevertsForOrderV2() public {
        OrderV2 memory order = _randomOrderV2(1);
        order.version = "v1";
        vm.expectRevert(abi.encodeWithSelector(OrderLib.OrderUnsupportedVersion.selector, "v1"));
        verifier.hashOrderV2(order);
    }

    /*                        CALLDATA DECODING                       */

    function testDeadlineThatDoesNotFitUint32Reverts() public view {
        WideOrder memory wide;
        wide.version = "v1";
        wide.solverChainId = "base";
        wide.inputs = new WideInput[](1);
        wide.inputs[0].payment = OrderInputPayment("base", hex"00", 1, 1);
        wide.inputs[0].refunds = new WideRefund[](1);
        wide.inputs[0].refunds[0] = WideRefund("base", hex"01", hex"02", 0, type(uint32).max, hex"");
        wide.output.chainId = "base";
        (bool ok,) =
            address(verifier).staticcall(abi.encodeWithSelector(OrderVerifier.hashOrder.selector, wide));
        assertTrue(ok, "the largest uint32 decodes");
        wide.inputs[0].refunds[0].deadline = uint256(type(uint32).max) + 1;
        (ok,) = address(verifier).staticcall(abi.encodeWithSelector(OrderVerifier.hashOrder.selector, wide));
        assertFalse(ok, "2^32 does not decode");
    }

    /// @dev `hashOrder(order)` calldata with the word at byte `at` replaced by `word`.
    function _withWord(bytes memory data, uint256 at, uint256 word) internal pure returns (bytes memory) {
        assembly {
            mstore(add(add(data, 0x20), at), word)
        }
        return data;
    }

    function _hashes(bytes memory data) internal view returns (bool ok) {
        (ok,) = address(verifier).staticcall(data);
    }

    /// @dev The v1 walker refuses what the Solidity decoder refuses: offsets, lengths and counts past
    /// calldata, or of 2^32 and more, truncated calldata and a dirty `solver` word.
    function testMalformedCalldataReverts() public view {
        Order memory order = _randomOrder(3);
        bytes memory good = abi.encodeCall(OrderVerifier.hashOrder, (order));
        assertTrue(_hashes(good), "the well-formed encoding hashes");
        // The struct's head starts after the selector and its offset word: byte 0x24.
        uint256 head = 0x24;
        assertFalse(_hashes(_withWord(bytes.concat(good), head, 1 << 32)), "version offset 2^32");
        assertFalse(_hashes(_withWord(bytes.concat(good), head, good.length)), "version offset past the end");
        assertFalse(_hashes(_withWord(bytes.concat(good), head + 0x40, 1 << 160)), "solver with a dirty high bit");
        assertFalse(_hashes(_withWord(bytes.concat(good), head + 0x80, good.length)), "inputs past the end");
        assertFalse(_hashes(_withWord(bytes.concat(good), head + 0xa0, good.length - 0x40)), "output head past the end");
        assertFalse(_hashes(_withWord(bytes.concat(good), head + 0xc0, type(uint256).max - 3)), "fees offset wraps");
        // The version string's length word, made to reach past the end.
        uint256 versionAt = head + _wordAt(good, head);
        assertFalse(_hashes(_withWord(bytes.concat(good), versionAt, good.length)), "length past the end");
        // The inputs array's count, made huge.
        uint256 inputsAt = head + _wordAt(good, head + 0x80);
        assertFalse(_hashes(_withWord(bytes.concat(good), inputsAt, 1 << 32)), "count 2^32");
        assertFalse(_hashes(_withWord(bytes.concat(good), inputsAt, 1000)), "count past the end");
        // Truncated by a word: the last member no longer fits (a shorter cut may only drop padding,
        // which the decoder does not require either).
        bytes memory truncated = bytes.concat(good);
        assembly {
            mstore(truncated, sub(mload(truncated), 0x20))
        }
        assertFalse(_hashes(truncated), "truncated calldata");
    }

    function _wordAt(bytes memory data, uint256 at) internal pure returns (uint256 word) {
        assembly {
            word := mload(add(add(data, 0x20), at))
        }
    }

    /*                           SIGNATURES                           */

    function testFuzzSignedOrderRecovers(uint256 keySeed, uint256 orderSeed) public view {
        uint256 key = toPrivateKey(keySeed);
        Order memory order = _randomOrder(orderSeed);
        bytes memory signature = sign65(key, _digest(verifier.hashOrder(order)));
        assertEq(verifier.recoverOrderSigner(order, signature), vm.addr(key), "signer");
        assertTrue(verifier.isValidOrder(order, signature, vm.addr(key)), "valid for the signer");
        assertFalse(verifier.isValidOrder(order, signature, address(uint160(vm.addr(key)) ^ 1)), "not for another");
        assertFalse(verifier.isValidOrder(order, signature, address(0)), "never for zero");
    }

    function testFuzzCorruptedSignatureIsRefused(uint256 keySeed, uint256 corruption) public view {
        uint256 key = toPrivateKey(keySeed);
        Order memory order = _randomOrder(keySeed ^ 0x5eed);
        (bytes memory bad, bytes4 expected) = _corrupt(key, verifier.hashOrder(order), corruption);
        assertFalse(verifier.isValidOrder(order, bad, vm.addr(key)), "isValidOrder is false");
        (bool ok, bytes memory err) =
            address(verifier).staticcall(abi.encodeCall(OrderVerifier.recoverOrderSigner, (order, bad)));
        assertFalse(ok, "recoverOrderSigner reverts");
        assertEq(uint256(uint32(bytes4(err))), uint256(uint32(expected)), "with the rule's error");
    }

    /// @dev A signature of `orderId` by `key`, broken by one rule chosen by `corruption`.
    function _corrupt(uint256 key, bytes32 orderId, uint256 corruption)
        internal
        pure
        returns (bytes memory bad, bytes4 expected)
    {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, _digest(orderId));
        uint256 kind = corruption % 5;
        if (kind == 0) {
            bad = abi.encodePacked(r, bytes32(N - uint256(s)), v == 27 ? uint8(28) : uint8(27));
            expected = AttestationLib.AttestationHighSignatureS.selector;
        } else if (kind == 1) {
            bad = abi.encodePacked(r, s, uint8(bound(corruption >> 8, 2, 26)));
            expected = AttestationLib.AttestationInvalidSignatureV.selector;
        } else if (kind == 2) {
            bad = abi.encodePacked(bytes32(0), s, v);
            expected = AttestationLib.AttestationInvalidSignatureR.selector;
        } else if (kind == 3) {
            bad = abi.encodePacked(r, bytes32(0), v);
            expected = AttestationLib.AttestationInvalidSignatureS.selector;
        } else {
            bad = abi.encodePacked(r, s);
            expected = AttestationLib.AttestationInvalidSignatureLength.selector;
        }
    }

    function testVAsZeroOrOneIsReadAs27Or28() public view {
        Order memory order = _randomOrder(3);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(0xA11CE, _digest(verifier.hashOrder(order)));
        assertEq(verifier.recoverOrderSigner(order, abi.encodePacked(r, s, v - 27)), vm.addr(0xA11CE), "v - 27");
    }

    function testSignatureOverTheIdTextRecoversAnotherKey() public view {
        Order memory order = _randomOrder(4);
        bytes32 id = verifier.hashOrder(order);
        // EIP-191 over the 66-character hex text of the id instead of its 32 bytes.
        bytes32 textDigest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n66", _hex(id)));
        bytes memory signature = sign65(0xA11CE, textDigest);
        assertFalse(verifier.isValidOrder(order, signature, vm.addr(0xA11CE)), "not the signer");
    }

    function testV2SignedOrderRecovers() public view {
        OrderV2 memory order = _randomOrderV2(9);
        bytes memory signature = sign65(0xB0B, _digest(verifier.hashOrderV2(order)));
        assertEq(verifier.recoverOrderSignerV2(order, signature), vm.addr(0xB0B), "signer");
        assertTrue(verifier.isValidOrderV2(order, signature, vm.addr(0xB0B)), "valid");
        order.deadline += 1;
        assertFalse(verifier.isValidOrderV2(order, signature, vm.addr(0xB0B)), "deadline is signed");
    }

    /// @dev The solver's key signs attestations and orders alike: EIP-191 over 32 bytes. Its
    /// signature of an attestation therefore recovers over the attestation's hash handed in as an
    /// "order id"; only the functions named for an id as given (`orderIdDigest`,
    /// `OrderLib.recoverId`) take one, and those that take the order recompute the id and do not
    /// recover the solver.
    function testAttackAttestationSignatureIsNoOrderSignature() public view {
        uint256 key = 0x5017E4;
        bytes32 attestationHash = keccak256(abi.encode(keccak256("request"), 8453, address(0xBEEF), 0, 1 ether, 10, address(0xD00D)));
        bytes memory signature = sign65(key, _digest(attestationHash));
        assertEq(verifier.orderIdDigest(attestationHash), _digest(attestationHash), "the digest of any 32 bytes");
        assertEq(this.recoverId(attestationHash, signature), vm.addr(key), "an id as given: the key signed it");
        Order memory order = _randomOrder(7);
        assertFalse(verifier.isValidOrder(order, signature, vm.addr(key)), "no order verifies with it");
        assertTrue(verifier.recoverOrderSigner(order, signature) != vm.addr(key), "recovered over the order's id");
        OrderV2 memory orderV2 = _randomOrderV2(7);
        assertFalse(verifier.isValidOrderV2(orderV2, signature, vm.addr(key)), "nor a v2 order");
    }

    /// @dev `OrderLib.recoverId`, reachable from a test (it reads the signature from calldata).
    function recoverId(bytes32 orderId, bytes calldata signature) external view returns (address) {
        return OrderLib.recoverId(orderId, signature);
    }

    /*                             HELPERS                            */

    function _digest(bytes32 id) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", id));
    }

    function _hex(bytes32 value) internal pure returns (bytes memory out) {
        bytes16 digits = "0123456789abcdef";
        out = new bytes(66);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i; i < 32; ++i) {
            out[2 + 2 * i] = digits[uint8(value[i]) >> 4];
            out[3 + 2 * i] = digits[uint8(value[i]) & 0x0f];
        }
    }

    /// @dev A pseudo-random stream from a seed.
    function _next(uint256 state) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(state)));
    }

    function _bytes(uint256 state, uint256 maxLength) internal pure returns (bytes memory out) {
        uint256 length = state % (maxLength + 1);
        out = new bytes(length);
        for (uint256 i; i < length; ++i) {
            out[i] = bytes1(uint8(_next(state + i)));
        }
    }

    function _slug(uint256 state) internal pure returns (string memory) {
        string[4] memory slugs = ["base", "solana", "bitcoin", ""];
        return slugs[state % 4];
    }

    function _randomOrder(uint256 seed) internal pure returns (Order memory o) {
        uint256 s = _next(seed);
        o.version = "v1";
        o.solverChainId = _slug(s);
        o.solver = address(uint160(_next(s + 1)));
        o.salt = _next(s + 2);
        o.inputs = new OrderInput[](_next(s + 3) % 3);
        for (uint256 i; i < o.inputs.length; ++i) {
            o.inputs[i] = _randomInput(_next(s + 10 + i));
        }
        o.output = _randomOutput(_next(s + 4));
        o.fees = _randomFees(_next(s + 9));
    }

    function _randomInput(uint256 t) internal pure returns (OrderInput memory input) {
        input.payment = OrderInputPayment(_slug(t), _bytes(t + 1, 32), _next(t + 2), t % 3);
        input.refunds = new OrderInputRefund[](_next(t + 3) % 4);
        for (uint256 j; j < input.refunds.length; ++j) {
            uint256 u = _next(t + 20 + j);
            OrderInputRefund memory r = input.refunds[j];
            r.chainId = _slug(u);
            r.recipient = _bytes(u + 1, 33);
            r.currency = _bytes(u + 2, 21);
            r.minimumAmount = _next(u + 3);
            r.deadline = uint32(u);
            r.extraData = _bytes(u + 4, 40);
        }
    }

    function _randomOutput(uint256 s) internal pure returns (OrderOutput memory out) {
        out.chainId = _slug(s);
        out.payments = new OrderOutputPayment[](_next(s + 5) % 4);
        for (uint256 i; i < out.payments.length; ++i) {
            uint256 t = _next(s + 30 + i);
            out.payments[i] = OrderOutputPayment(_bytes(t, 32), _bytes(t + 1, 22), _next(t + 2), _next(t + 3));
        }
        out.deadline = uint32(_next(s + 6));
        out.calls = new bytes[](_next(s + 7) % 4);
        for (uint256 i; i < out.calls.length; ++i) {
            out.calls[i] = _bytes(_next(s + 40 + i), 100);
        }
        out.extraData = _bytes(s + 8, 40);
    }

    function _randomFees(uint256 s) internal pure returns (OrderFee[] memory fees) {
        fees = new OrderFee[](s % 3);
        for (uint256 i; i < fees.length; ++i) {
            uint256 t = _next(s + 50 + i);
            fees[i] = OrderFee(_slug(t), _bytes(t + 1, 32), _slug(t + 2), _bytes(t + 3, 20), _next(t + 4));
        }
    }

    function _randomOrderV2(uint256 seed) internal pure returns (OrderV2 memory o) {
        uint256 s = _next(seed);
        o.version = "v2";
        o.relayerChainId = _slug(s);
        o.relayer = address(uint160(_next(s + 1)));
        o.salt = _next(s + 2);
        o.deadline = uint32(_next(s + 3));
        o.input = OrderV2Input(_slug(s + 4), _bytes(s + 5, 32), _next(s + 6));
        o.refunds = new OrderV2Refund[](_next(s + 7) % 4);
        for (uint256 i; i < o.refunds.length; ++i) {
            uint256 t = _next(s + 20 + i);
            o.refunds[i] = OrderV2Refund(_slug(t), _bytes(t + 1, 32), _next(t + 2), _bytes(t + 3, 33));
        }
        o.output.chainId = _slug(s + 8);
        o.output.withdraw = OrderV2Withdraw(_bytes(s + 9, 20), _next(s + 10));
        o.output.fill.currency = _bytes(s + 11, 20);
        o.output.fill.minimumAmount = _next(s + 12);
        o.output.fill.recipient = _bytes(s + 13, 32);
        o.output.fill.calls = new bytes[](_next(s + 14) % 3);
        for (uint256 i; i < o.output.fill.calls.length; ++i) {
            o.output.fill.calls[i] = _bytes(_next(s + 40 + i), 64);
        }
        o.fees = _randomFees(_next(s + 15));
    }

    // The reference: EIP-712 written out with abi.encode over memory, no assembly.

    function _referenceHash(Order memory o) internal pure returns (bytes32) {
        bytes32[8] memory w;
        w[0] = OrderLib.ORDER_TYPEHASH;
        w[1] = keccak256(bytes(o.version));
        w[2] = keccak256(bytes(o.solverChainId));
        w[3] = bytes32(uint256(uint160(o.solver)));
        w[4] = bytes32(o.salt);
        w[5] = _referenceInputs(o.inputs);
        w[6] = _referenceOutput(o.output);
        w[7] = _referenceFees(o.fees);
        return keccak256(abi.encodePacked(w));
    }

    function _referenceInputs(OrderInput[] memory list) internal pure returns (bytes32) {
        bytes32[] memory inputs = new bytes32[](list.length);
        for (uint256 i; i < inputs.length; ++i) {
            OrderInput memory input = list[i];
            bytes32 payment = keccak256(
                abi.encode(
                    OrderLib.INPUT_PAYMENT_TYPEHASH,
                    keccak256(bytes(input.payment.chainId)),
                    keccak256(input.payment.currency),
                    input.payment.amount,
                    input.payment.weight
                )
            );
            inputs[i] = keccak256(abi.encode(OrderLib.INPUT_TYPEHASH, payment, _referenceRefunds(input.refunds)));
        }
        return keccak256(abi.encodePacked(inputs));
    }

    function _referenceRefunds(OrderInputRefund[] memory list) internal pure returns (bytes32) {
        bytes32[] memory refunds = new bytes32[](list.length);
        for (uint256 j; j < refunds.length; ++j) {
            OrderInputRefund memory r = list[j];
            bytes32[7] memory w;
            w[0] = OrderLib.INPUT_REFUND_TYPEHASH;
            w[1] = keccak256(bytes(r.chainId));
            w[2] = keccak256(r.recipient);
            w[3] = keccak256(r.currency);
            w[4] = bytes32(r.minimumAmount);
            w[5] = bytes32(uint256(r.deadline));
            w[6] = keccak256(r.extraData);
            refunds[j] = keccak256(abi.encodePacked(w));
        }
        return keccak256(abi.encodePacked(refunds));
    }

    function _referenceOutput(OrderOutput memory out) internal pure returns (bytes32) {
        bytes32[] memory payments = new bytes32[](out.payments.length);
        for (uint256 i; i < payments.length; ++i) {
            OrderOutputPayment memory p = out.payments[i];
            payments[i] = keccak256(
                abi.encode(
                    OrderLib.OUTPUT_PAYMENT_TYPEHASH,
                    keccak256(p.recipient),
                    keccak256(p.currency),
                    p.minimumAmount,
                    p.expectedAmount
                )
            );
        }
        return keccak256(
            abi.encode(
                OrderLib.OUTPUT_TYPEHASH,
                keccak256(bytes(out.chainId)),
                keccak256(abi.encodePacked(payments)),
                out.deadline,
                _referenceBytesArray(out.calls),
                keccak256(out.extraData)
            )
        );
    }

    function _referenceHashV2(OrderV2 memory o) internal pure returns (bytes32) {
        bytes32[10] memory w;
        w[0] = OrderLib.ORDER_V2_TYPEHASH;
        w[1] = keccak256(bytes(o.version));
        w[2] = keccak256(bytes(o.relayerChainId));
        w[3] = bytes32(uint256(uint160(o.relayer)));
        w[4] = bytes32(o.salt);
        w[5] = bytes32(uint256(o.deadline));
        w[6] = keccak256(
            abi.encode(
                OrderLib.INPUT_V2_TYPEHASH, keccak256(bytes(o.input.chainId)), keccak256(o.input.currency), o.input.amount
            )
        );
        w[7] = _referenceRefundsV2(o.refunds);
        w[8] = _referenceOutputV2(o.output);
        w[9] = _referenceFees(o.fees);
        return keccak256(abi.encodePacked(w));
    }

    function _referenceRefundsV2(OrderV2Refund[] memory list) internal pure returns (bytes32) {
        bytes32[] memory refunds = new bytes32[](list.length);
        for (uint256 i; i < refunds.length; ++i) {
            OrderV2Refund memory r = list[i];
            refunds[i] = keccak256(
                abi.encode(
                    OrderLib.REFUND_V2_TYPEHASH,
                    keccak256(bytes(r.chainId)),
                    keccak256(r.currency),
                    r.minimumAmount,
                    keccak256(r.recipient)
                )
            );
        }
        return keccak256(abi.encodePacked(refunds));
    }

    function _referenceOutputV2(OrderV2Output memory out) internal pure returns (bytes32) {
        OrderV2Fill memory f = out.fill;
        bytes32 withdraw = keccak256(
            abi.encode(OrderLib.WITHDRAW_V2_TYPEHASH, keccak256(out.withdraw.currency), out.withdraw.minimumAmount)
        );
        bytes32 fill = keccak256(
            abi.encode(
                OrderLib.FILL_V2_TYPEHASH,
                keccak256(f.currency),
                f.minimumAmount,
                keccak256(f.recipient),
                _referenceBytesArray(f.calls)
            )
        );
        return keccak256(abi.encode(OrderLib.OUTPUT_V2_TYPEHASH, keccak256(bytes(out.chainId)), withdraw, fill));
    }

    function _referenceBytesArray(bytes[] memory items) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](items.length);
        for (uint256 i; i < items.length; ++i) {
            hashes[i] = keccak256(items[i]);
        }
        return keccak256(abi.encodePacked(hashes));
    }

    function _referenceFees(OrderFee[] memory fees) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](fees.length);
        for (uint256 i; i < fees.length; ++i) {
            OrderFee memory f = fees[i];
            hashes[i] = keccak256(
                abi.encode(
                    OrderLib.FEE_TYPEHASH,
                    keccak256(bytes(f.recipientChainId)),
                    keccak256(f.recipient),
                    keccak256(bytes(f.currencyChainId)),
                    keccak256(f.currency),
                    f.amount
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }
}
