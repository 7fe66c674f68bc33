// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ReentrancyGuardTransient} from "solady/utils/ReentrancyGuardTransient.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {AttestedDepositReceiver} from "../../packages/attestkit/contracts/AttestedDepositReceiver.sol";
import {OrderVerifier} from "../../packages/attestkit/contracts/OrderVerifier.sol";
import {DevnetContractSolver} from "../../packages/devnet/contracts/DevnetContractSolver.sol";
import {DevnetDepository} from "../../packages/attestkit/contracts/devnet/DevnetDepository.sol";
import {DevnetFeeOnTransferToken} from "../../packages/devnet/contracts/DevnetFeeOnTransferToken.sol";
import {DevnetToken} from "../../packages/devnet/contracts/DevnetToken.sol";
import {IAttestedDepositReceiver} from "../../packages/attestkit/contracts/interfaces/IAttestedDepositReceiver.sol";
import {IDepository} from "../../packages/attestkit/contracts/interfaces/IDepository.sol";
import {Attestation, AttestationLib} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {
    Order,
    OrderFee,
    OrderInput,
    OrderInputPayment,
    OrderInputRefund,
    OrderLib,
    OrderOutputPayment,
    OrderV2,
    OrderV2Refund
} from "../../packages/attestkit/contracts/libraries/OrderLib.sol";
import {TwoStepOwnable} from "../../packages/attestkit/contracts/utils/TwoStepOwnable.sol";
import {ReentrantToken} from "./utils/ReentrantToken.sol";
import {Test} from "./utils/Test.sol";

/// @dev The order path of AttestedDepositReceiver (`payOrder*`): the STYLE.md matrix, the payable
/// shapes, the order whitelist, ERC-1271 solvers, refunds of order payments and attacks. Order ids
/// come from `OrderVerifier` (itself checked against a plain `abi.encode` reference in OrderLib.t.sol).
contract AttestedDepositReceiverOrdersTest is Test {
    uint256 internal constant SOLVER_KEY = 0x5017E4;
    uint256 internal constant OTHER_KEY = 0x0DD;
    uint256 internal constant AMOUNT = 1 ether;
    /// @dev The orders' fill deadline (`output.deadline`, v2 `deadline`).
    uint32 internal constant DEADLINE = 1_000_000;
    string internal constant SLUG = "base";
    string internal constant OUT_SLUG = "optimism";
    address internal constant RECIPIENT = 0xd00D00000000000000000000000000000000D00D;
    /// @dev A Solana recipient: 32 bytes.
    bytes32 internal constant SOLANA_RECIPIENT = keccak256("solana recipient");

    DevnetDepository internal depository;
    AttestedDepositReceiver internal receiver;
    OrderVerifier internal verifier;
    DevnetToken internal token;
    address internal solver;
    address internal payer = address(0xBA7E4);
    uint256 internal nonce;

    function setUp() public {
        solver = vm.addr(SOLVER_KEY);
        depository = new DevnetDepository(address(this));
        receiver = new AttestedDepositReceiver(
            address(this),
            address(depository),
            solver,
            new address[](0),
            new address[](0),
            new IAttestedDepositReceiver.Recipient[](0),
            false
        );
        receiver.setChainSlug(SLUG);
        receiver.setOrderRecipients(_recipients(OUT_SLUG, abi.encodePacked(RECIPIENT)), true);
        verifier = new OrderVerifier();
        token = new DevnetToken("Test", "TST", 18);
        vm.deal(payer, 1_000 ether);
        token.mint(payer, 1_000 ether);
        vm.prank(payer);
        token.approve(address(receiver), type(uint256).max);
        vm.warp(DEADLINE - 100);
    }

    /*//////////////////////////////////////////////////////////////
                               HELPERS
    //////////////////////////////////////////////////////////////*/

    function _recipients(string memory chainId, bytes memory recipient)
        internal
        pure
        returns (IAttestedDepositReceiver.OrderRecipient[] memory list)
    {
        list = new IAttestedDepositReceiver.OrderRecipient[](1);
        list[0] = IAttestedDepositReceiver.OrderRecipient({chainId: chainId, recipient: recipient});
    }

    /// @dev An order v1 paying `AMOUNT` of `currency` on `base` for `RECIPIENT` on `optimism`, with a
    /// refund on each chain (their deadlines later than the fill deadline, as the service's are).
    function _order(bytes memory currency) internal returns (Order memory o) {
        o.version = "v1";
        o.solverChainId = SLUG;
        o.solver = solver;
        o.salt = ++nonce;
        o.inputs = new OrderInput[](1);
        o.inputs[0].payment = OrderInputPayment({chainId: SLUG, currency: currency, amount: AMOUNT, weight: 1});
        o.inputs[0].refunds = new OrderInputRefund[](2);
        o.inputs[0].refunds[0] = OrderInputRefund(SLUG, abi.encodePacked(payer), currency, 0, DEADLINE + 1, hex"");
        o.inputs[0].refunds[1] =
            OrderInputRefund(OUT_SLUG, abi.encodePacked(payer), new bytes(20), 0, DEADLINE + 1, hex"beef");
        o.output.chainId = OUT_SLUG;
        o.output.payments = new OrderOutputPayment[](1);
        o.output.payments[0] = OrderOutputPayment(abi.encodePacked(RECIPIENT), new bytes(20), 0.9 ether, 0.95 ether);
        o.output.deadline = DEADLINE;
        o.output.calls = new bytes[](0);
        o.output.extraData = hex"";
        o.fees = new OrderFee[](0);
    }

    function _native() internal returns (Order memory) {
        return _order(new bytes(20));
    }

    function _erc20() internal returns (Order memory) {
        return _order(abi.encodePacked(address(token)));
    }

    /// @dev An order v2 paying `AMOUNT` of `currency` on `base` for `RECIPIENT` on `optimism`.
    function _orderV2(bytes memory currency) internal returns (OrderV2 memory o) {
        o.version = "v2";
        o.relayerChainId = SLUG;
        o.relayer = solver;
        o.salt = ++nonce;
        o.deadline = DEADLINE;
        o.input.chainId = SLUG;
        o.input.currency = currency;
        o.input.amount = AMOUNT;
        o.refunds = new OrderV2Refund[](1);
        o.refunds[0] = OrderV2Refund(SLUG, currency, 0, abi.encodePacked(payer));
        o.output.chainId = OUT_SLUG;
        o.output.withdraw.currency = new bytes(20);
        o.output.withdraw.minimumAmount = 1;
        o.output.fill.currency = new bytes(20);
        o.output.fill.minimumAmount = 0.9 ether;
        o.output.fill.recipient = abi.encodePacked(RECIPIENT);
        o.output.fill.calls = new bytes[](0);
        o.fees = new OrderFee[](0);
    }

    function _digest(bytes32 orderId) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", orderId));
    }

    function _id(Order memory o) internal view returns (bytes32) {
        return verifier.hashOrder(o);
    }

    function _sign(Order memory o) internal view returns (bytes memory) {
        return sign65(SOLVER_KEY, _digest(_id(o)));
    }

    function _signV2(OrderV2 memory o) internal view returns (bytes memory) {
        return sign65(SOLVER_KEY, _digest(verifier.hashOrderV2(o)));
    }

    function _pay(Order memory o, bytes memory sig, uint256 value) internal {
        vm.prank(payer);
        receiver.payOrderNative{value: value}(o, sig);
    }

    function _payErc20(Order memory o, bytes memory sig) internal {
        vm.prank(payer);
        receiver.payOrderErc20(address(token), o, sig);
    }

    function _expect(bytes memory err) internal {
        vm.expectRevert(err);
    }

    /// @dev `r`, `s` and `v` of a 65-byte signature.
    function _split(bytes memory sig) internal pure returns (bytes32 r, bytes32 s, uint8 v) {
        assembly {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
        }
        v = uint8(sig[64]);
    }

    /*//////////////////////////////////////////////////////////////
                               DEFAULT
    //////////////////////////////////////////////////////////////*/

    function testPayOrderNative() public {
        Order memory o = _native();
        bytes32 id = _id(o);
        vm.expectEmit(address(depository));
        emit IDepository.RelayNativeDeposit(address(receiver), AMOUNT, id);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.OrderPaid(id, payer, address(0), AMOUNT);
        _pay(o, _sign(o), AMOUNT);
        assertEq(address(depository).balance, AMOUNT, "depository got the funds");
        assertEq(address(receiver).balance, 0, "receiver keeps nothing");
        assertEq(receiver.payerOf(id), payer, "payer recorded under the order id");
    }

    function testPayOrderErc20() public {
        Order memory o = _erc20();
        bytes32 id = _id(o);
        vm.expectEmit(address(depository));
        emit IDepository.RelayErc20Deposit(address(receiver), address(token), AMOUNT, id);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.OrderPaid(id, payer, address(token), AMOUNT);
        _payErc20(o, _sign(o));
        assertEq(token.balanceOf(address(depository)), AMOUNT, "depository got the tokens");
        assertEq(token.balanceOf(address(receiver)), 0, "receiver keeps nothing");
        assertEq(token.allowance(address(receiver), address(depository)), 0, "no allowance left behind");
        assertEq(token.balanceOf(payer), 1_000 ether - AMOUNT, "payer paid exactly");
        assertEq(receiver.payerOf(id), payer, "payer recorded");
    }

    function testPayOrderV2Native() public {
        OrderV2 memory o = _orderV2(new bytes(20));
        bytes32 id = verifier.hashOrderV2(o);
        bytes memory sig = _signV2(o);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.OrderPaid(id, payer, address(0), AMOUNT);
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);
        assertEq(address(depository).balance, AMOUNT, "depository got the funds");
        assertEq(receiver.payerOf(id), payer, "payer recorded");
    }

    function testPayOrderV2Erc20() public {
        OrderV2 memory o = _orderV2(abi.encodePacked(address(token)));
        bytes32 id = verifier.hashOrderV2(o);
        bytes memory sig = _signV2(o);
        vm.expectEmit(address(depository));
        emit IDepository.RelayErc20Deposit(address(receiver), address(token), AMOUNT, id);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.OrderPaid(id, payer, address(token), AMOUNT);
        vm.prank(payer);
        receiver.payOrderV2Erc20(address(token), o, sig);
        assertEq(token.balanceOf(address(depository)), AMOUNT, "depository got the tokens");
        assertEq(receiver.payerOf(id), payer, "payer recorded");
    }

    /*//////////////////////////////////////////////////////////////
                                AMOUNT
    //////////////////////////////////////////////////////////////*/

    function testPayOrderNativeWithOneLessReverts() public {
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, AMOUNT - 1));
        _pay(o, sig, AMOUNT - 1);
    }

    function testPayOrderNativeWithOneMoreReverts() public {
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, AMOUNT + 1));
        _pay(o, sig, AMOUNT + 1);
    }

    function testFuzzPayOrderNativeAmount(uint256 signedAmount, uint256 paid) public {
        signedAmount = bound(signedAmount, 0, 100 ether);
        paid = bound(paid, 0, 100 ether);
        Order memory o = _native();
        o.inputs[0].payment.amount = signedAmount;
        bytes memory sig = _sign(o);
        if (paid != signedAmount) {
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, signedAmount, paid));
        }
        _pay(o, sig, paid);
        if (paid == signedAmount) assertEq(address(depository).balance, paid, "forwarded");
    }

    function testPayOrderV2NativeWithOneLessAndOneMoreRevert() public {
        OrderV2 memory o = _orderV2(new bytes(20));
        bytes memory sig = _signV2(o);
        for (uint256 i; i < 2; ++i) {
            uint256 paid = i == 0 ? AMOUNT - 1 : AMOUNT + 1;
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, paid));
            vm.prank(payer);
            receiver.payOrderV2Native{value: paid}(o, sig);
        }
    }

    function testPayOrderErc20WithFeeOnTransferTokenReverts() public {
        DevnetFeeOnTransferToken fee = new DevnetFeeOnTransferToken(100); // 1%.
        fee.mint(payer, 10 ether);
        vm.prank(payer);
        fee.approve(address(receiver), type(uint256).max);
        Order memory o = _order(abi.encodePacked(address(fee)));
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, AMOUNT * 99 / 100));
        vm.prank(payer);
        receiver.payOrderErc20(address(fee), o, sig);
    }

    function testPayOrderErc20WithoutApprovalReverts() public {
        Order memory o = _erc20();
        bytes memory sig = _sign(o);
        vm.prank(payer);
        token.approve(address(receiver), 0);
        _expect(abi.encodeWithSelector(SafeTransferLib.TransferFromFailed.selector));
        _payErc20(o, sig);
    }

    /*//////////////////////////////////////////////////////////////
                               DEADLINE
    //////////////////////////////////////////////////////////////*/

    /// @dev The fill deadline is the last second a fill may land, and a fill follows its payment: a
    /// payment in that second could only buy a refund.
    function testPayOrderAtTheDeadlineSecondReverts() public {
        vm.warp(DEADLINE);
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE, DEADLINE));
        _pay(o, sig, AMOUNT);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    function testPayOrderOneSecondBeforeTheDeadline() public {
        vm.warp(DEADLINE - 1);
        Order memory o = _native();
        _pay(o, _sign(o), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid");
    }

    function testPayOrderOneSecondAfterTheDeadlineReverts() public {
        vm.warp(uint256(DEADLINE) + 1);
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE, DEADLINE + 1));
        _pay(o, sig, AMOUNT);
    }

    function testFuzzPayOrderDeadline(uint256 timestamp) public {
        timestamp = bound(timestamp, DEADLINE - 10, uint256(DEADLINE) + 10);
        vm.warp(timestamp);
        Order memory o = _native();
        bytes memory sig = _sign(o);
        if (timestamp >= DEADLINE) {
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE, timestamp));
        }
        _pay(o, sig, AMOUNT);
    }

    /// @dev v1's payment deadline is the fill deadline `output.deadline`; a refund deadline only has
    /// to reach it (a refund that closes first could never follow a fill that did not come).
    function testPayOrderChecksTheOutputDeadlineAndRefundsReachingIt() public {
        Order memory early = _native();
        early.inputs[0].refunds[0].deadline = DEADLINE - 1000; // Already past.
        bytes memory earlySig = _sign(early);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRefundDeadlineBeforeFill.selector, 0, DEADLINE - 1000, DEADLINE
            )
        );
        _pay(early, earlySig, AMOUNT);
        Order memory exact = _native();
        exact.inputs[0].refunds[0].deadline = DEADLINE; // The fill deadline itself: enough.
        _pay(exact, _sign(exact), AMOUNT);
        assertEq(receiver.payerOf(_id(exact)), payer, "a refund open until the fill deadline");

        Order memory late = _native();
        late.output.deadline = DEADLINE - 101; // Past; the refunds' are still ahead.
        bytes memory sig = _sign(late);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE - 101, DEADLINE - 100)
        );
        _pay(late, sig, AMOUNT);
    }

    function testPayOrderV2AtTheDeadlineSecondReverts() public {
        OrderV2 memory o = _orderV2(new bytes(20));
        bytes memory sig = _signV2(o);
        vm.warp(DEADLINE);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE, DEADLINE));
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);
        vm.warp(DEADLINE - 1);
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);
        assertEq(receiver.payerOf(verifier.hashOrderV2(o)), payer, "paid the second before");
    }

    /*//////////////////////////////////////////////////////////////
                               REPLAY
    //////////////////////////////////////////////////////////////*/

    function testPayOrderReplayReverts() public {
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _pay(o, sig, AMOUNT);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, _id(o), payer));
        _pay(o, sig, AMOUNT);
    }

    /// @dev Replay is keyed on the recomputed order id: another valid signature of the same order
    /// (by another solver of the set) does not pay it twice, and neither does the ERC-20 entry point.
    function testPayOrderReplayIsKeyedOnTheOrderId() public {
        address[] memory extra = new address[](1);
        extra[0] = vm.addr(OTHER_KEY);
        receiver.setSolvers(extra, true);
        Order memory o = _native();
        _pay(o, _sign(o), AMOUNT);
        bytes memory other = sign65(OTHER_KEY, _digest(_id(o)));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, _id(o), payer));
        _pay(o, other, AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                              WHITELIST
    //////////////////////////////////////////////////////////////*/

    function testOrderRecipientNotWhitelistedReverts() public {
        Order memory o = _native();
        o.output.payments[0].recipient = abi.encodePacked(address(0xBAD));
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encodePacked(address(0xBAD))
            )
        );
        _pay(o, sig, AMOUNT);
    }

    /// @dev The whitelist is keyed on the slug and the exact recipient bytes: the same recipient on
    /// another chain, or its 32-byte left-padded word, is another destination.
    function testOrderWhitelistIsKeyedOnSlugAndRecipientBytes() public {
        Order memory o = _native();
        o.output.chainId = "arbitrum";
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, "arbitrum", abi.encodePacked(RECIPIENT)
            )
        );
        _pay(o, sig, AMOUNT);

        Order memory padded = _native();
        padded.output.payments[0].recipient = abi.encode(RECIPIENT);
        sig = _sign(padded);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encode(RECIPIENT)
            )
        );
        _pay(padded, sig, AMOUNT);
        assertTrue(receiver.isOrderRecipientWhitelisted(OUT_SLUG, abi.encodePacked(RECIPIENT)), "the listed one");
        assertFalse(receiver.isOrderRecipientWhitelisted("arbitrum", abi.encodePacked(RECIPIENT)), "other chain");
        assertFalse(receiver.isOrderRecipientWhitelisted(OUT_SLUG, abi.encode(RECIPIENT)), "padded bytes");
    }

    function testOrderWhitelistAddAndRemoveANonEvmRecipient() public {
        bytes memory solana = abi.encodePacked(SOLANA_RECIPIENT);
        Order memory o = _native();
        o.output.chainId = "solana";
        o.inputs[0].refunds[1].chainId = "solana"; // The refund on the output's chain follows it.
        o.output.payments[0].recipient = solana;
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, "solana", solana)
        );
        _pay(o, sig, AMOUNT);

        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.OrderRecipientSet("solana", solana, true);
        receiver.setOrderRecipients(_recipients("solana", solana), true);
        _pay(o, sig, AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid once listed");

        receiver.setOrderRecipients(_recipients("solana", solana), false);
        assertFalse(receiver.isOrderRecipientWhitelisted("solana", solana), "removed");
    }

    /// @dev The attestation whitelist (numeric chain id, 32-byte word) and the order whitelist (slug,
    /// recipient bytes) are separate: an entry in one never admits a destination of the other.
    function testAttestationWhitelistDoesNotAdmitOrders() public {
        IAttestedDepositReceiver.Recipient[] memory r = new IAttestedDepositReceiver.Recipient[](1);
        r[0] = IAttestedDepositReceiver.Recipient({chainId: 10, user: bytes32(uint256(uint160(address(0xBAD))))});
        receiver.setRecipients(r, true);
        Order memory o = _native();
        o.output.payments[0].recipient = abi.encodePacked(address(0xBAD));
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encodePacked(address(0xBAD))
            )
        );
        _pay(o, sig, AMOUNT);
    }

    function testOrderWithCallsRevertsInWhitelistMode() public {
        Order memory o = _native();
        o.output.calls = new bytes[](2);
        o.output.calls[0] = hex"d0e30db0";
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderCallsNotAllowed.selector, 2));
        _pay(o, sig, AMOUNT);

        OrderV2 memory v2 = _orderV2(new bytes(20));
        v2.output.fill.calls = new bytes[](1);
        sig = _signV2(v2);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderCallsNotAllowed.selector, 1));
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(v2, sig);
    }

    function testAnyRecipientModePaysAnyDestinationAndCalls() public {
        receiver.setAllowAnyRecipient(true);
        Order memory o = _native();
        o.output.chainId = "solana";
        o.inputs[0].refunds[1].chainId = "solana"; // The refund on the output's chain follows it.
        o.output.payments[0].recipient = abi.encodePacked(SOLANA_RECIPIENT);
        o.output.calls = new bytes[](1);
        o.output.calls[0] = hex"d0e30db0";
        _pay(o, _sign(o), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid in any-recipient mode");

        receiver.setAllowAnyRecipient(false);
        Order memory back = _native();
        back.output.payments[0].recipient = abi.encodePacked(address(0xBAD));
        bytes memory sig = _sign(back);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encodePacked(address(0xBAD))
            )
        );
        _pay(back, sig, AMOUNT);
    }

    function testOrderV2RecipientIsTheFillRecipient() public {
        OrderV2 memory o = _orderV2(new bytes(20));
        o.output.fill.recipient = abi.encodePacked(address(0xBAD));
        o.output.withdraw.currency = abi.encodePacked(RECIPIENT); // Not a recipient: not consulted.
        bytes memory sig = _signV2(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encodePacked(address(0xBAD))
            )
        );
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);
    }

    /*//////////////////////////////////////////////////////////////
                        WRONG SIGNER, WRONG CHAIN
    //////////////////////////////////////////////////////////////*/

    function testPayOrderWrongSignerReverts() public {
        Order memory o = _native();
        bytes memory sig = sign65(OTHER_KEY, _digest(_id(o)));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(OTHER_KEY)));
        _pay(o, sig, AMOUNT);
    }

    function testFuzzPayOrderRandomSignerReverts(uint256 keySeed) public {
        uint256 key = toPrivateKey(keySeed);
        vm.assume(key != SOLVER_KEY);
        Order memory o = _native();
        bytes memory sig = sign65(key, _digest(_id(o)));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(key)));
        _pay(o, sig, AMOUNT);
    }

    /// @dev The order's `solver` field names nobody: the solver set decides (as off-chain).
    function testPayOrderSignerIsCheckedAgainstTheSolverSetNotTheSolverField() public {
        Order memory o = _native();
        o.solver = vm.addr(OTHER_KEY);
        bytes memory sig = sign65(OTHER_KEY, _digest(_id(o)));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(OTHER_KEY)));
        _pay(o, sig, AMOUNT);
        _pay(o, _sign(o), AMOUNT); // Signed by the set's solver: paid.
    }

    function testPayOrderForAnotherChainSlugReverts() public {
        Order memory o = _native();
        o.inputs[0].payment.chainId = OUT_SLUG;
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderChainMismatch.selector, OUT_SLUG, SLUG));
        _pay(o, sig, AMOUNT);
    }

    function testPayOrderSlugIsExact() public {
        string[3] memory near = ["Base", "base ", "bas"];
        for (uint256 i; i < near.length; ++i) {
            Order memory o = _native();
            o.inputs[0].payment.chainId = near[i];
            bytes memory sig = _sign(o);
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderChainMismatch.selector, near[i], SLUG));
            _pay(o, sig, AMOUNT);
        }
    }

    function testNoOrderIsPayableWithoutASlug() public {
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.ChainSlugSet("");
        receiver.setChainSlug("");
        assertEq(bytes(receiver.chainSlug()).length, 0, "unset");
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderChainMismatch.selector, SLUG, ""));
        _pay(o, sig, AMOUNT);
        // Not even an order whose slug is the empty string.
        Order memory empty = _native();
        empty.inputs[0].payment.chainId = "";
        sig = _sign(empty);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderChainMismatch.selector, "", ""));
        _pay(empty, sig, AMOUNT);

        receiver.setChainSlug(SLUG);
        assertEq(keccak256(bytes(receiver.chainSlug())), keccak256(bytes(SLUG)), "set again");
        _pay(o, _sign(o), AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                              SIGNATURES
    //////////////////////////////////////////////////////////////*/

    function testPayOrderSignatureLength64And66Revert() public {
        Order memory o = _native();
        bytes memory sig = _sign(o);
        (bytes32 r, bytes32 s, uint8 v) = _split(sig);
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 64));
        _pay(o, abi.encodePacked(r, s), AMOUNT);
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 66));
        _pay(o, abi.encodePacked(r, s, v, uint8(0)), AMOUNT);
    }

    function testPayOrderSignatureV0And1Accepted() public {
        for (uint256 i; i < 2; ++i) {
            Order memory o = _native();
            (bytes32 r, bytes32 s, uint8 v) = _split(_sign(o));
            _pay(o, abi.encodePacked(r, s, v - 27), AMOUNT);
            assertEq(receiver.payerOf(_id(o)), payer, "raw recovery id accepted");
        }
    }

    function testPayOrderSignatureV27And28Accepted() public {
        bool[2] memory seen;
        for (uint256 i; i < 8 && !(seen[0] && seen[1]); ++i) {
            Order memory o = _native();
            bytes memory sig = _sign(o);
            seen[uint8(sig[64]) - 27] = true;
            _pay(o, sig, AMOUNT);
            assertEq(receiver.payerOf(_id(o)), payer, "paid");
        }
        assertTrue(seen[0] && seen[1], "both 27 and 28 were exercised");
    }

    function testPayOrderSignatureOtherVReverts() public {
        Order memory o = _native();
        (bytes32 r, bytes32 s,) = _split(_sign(o));
        uint8[4] memory bad = [2, 26, 29, 255];
        for (uint256 i; i < bad.length; ++i) {
            _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureV.selector, bad[i]));
            _pay(o, abi.encodePacked(r, s, bad[i]), AMOUNT);
        }
    }

    function testPayOrderSignatureHighSReverts() public {
        Order memory o = _native();
        (bytes32 r, bytes32 s, uint8 v) = _split(_sign(o));
        bytes32 high = bytes32(N - uint256(s));
        _expect(abi.encodeWithSelector(AttestationLib.AttestationHighSignatureS.selector, high));
        _pay(o, abi.encodePacked(r, high, v == 27 ? uint8(28) : uint8(27)), AMOUNT);
        _pay(o, abi.encodePacked(r, s, v), AMOUNT); // The canonical one still pays.
    }

    function testPayOrderZeroSignatureReverts() public {
        Order memory o = _native();
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bytes32(0)));
        _pay(o, new bytes(65), AMOUNT);
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 0));
        _pay(o, "", AMOUNT);
    }

    function testFuzzPayOrderCorruptSignatureNeverPays(uint256 which, uint256 value) public {
        Order memory o = _native();
        bytes memory sig = _sign(o);
        uint256 i = which % 65;
        bytes1 flipped = bytes1(uint8(value % 255) + 1); // Non-zero: the byte really changes.
        sig[i] = sig[i] ^ flipped;
        vm.prank(payer);
        (bool ok,) = address(receiver).call{value: AMOUNT}(abi.encodeCall(receiver.payOrderNative, (o, sig)));
        assertFalse(ok, "a corrupted signature never pays");
        assertEq(receiver.payerOf(_id(o)), address(0), "nothing recorded");
    }

    /*//////////////////////////////////////////////////////////////
                          SHAPES AND VERSION
    //////////////////////////////////////////////////////////////*/

    function testPayOrderWithOtherThanOneInputReverts() public {
        Order memory o = _native();
        OrderInput memory only = o.inputs[0];
        o.inputs = new OrderInput[](2);
        o.inputs[0] = only;
        o.inputs[1] = only;
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderInputCountUnsupported.selector, 2));
        _pay(o, sig, AMOUNT);
        o.inputs = new OrderInput[](0);
        sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderInputCountUnsupported.selector, 0));
        _pay(o, sig, AMOUNT);
    }

    function testPayOrderWithoutOutputPaymentReverts() public {
        Order memory o = _native();
        o.output.payments = new OrderOutputPayment[](0);
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderOutputPaymentCountUnsupported.selector, 0));
        _pay(o, sig, AMOUNT);
    }

    function testPayOrderWithAnotherVersionReverts() public {
        Order memory o = _native();
        o.version = "v2";
        _expect(abi.encodeWithSelector(OrderLib.OrderUnsupportedVersion.selector, "v2"));
        _pay(o, new bytes(65), AMOUNT);
        OrderV2 memory v2 = _orderV2(new bytes(20));
        v2.version = "v1";
        _expect(abi.encodeWithSelector(OrderLib.OrderUnsupportedVersion.selector, "v1"));
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(v2, new bytes(65));
    }

    /// @dev Fees and refunds on other chains than the payment's, and extra data: signed, and paid
    /// once every fee recipient is listed on its own chain and every refund pays the payer.
    function testPayOrderWithFeesAndRefundsOnOtherChains() public {
        Order memory o = _native();
        o.fees = new OrderFee[](2);
        o.fees[0] = OrderFee(SLUG, abi.encodePacked(address(0xFEE)), SLUG, new bytes(20), 1000);
        o.fees[1] = OrderFee("solana", abi.encodePacked(SOLANA_RECIPIENT), SLUG, new bytes(20), 1);
        o.output.extraData = abi.encode(address(0xF111));
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderFeeRecipientNotWhitelisted.selector,
                0,
                SLUG,
                abi.encodePacked(address(0xFEE))
            )
        );
        _pay(o, sig, AMOUNT);
        receiver.setOrderRecipients(_recipients(SLUG, abi.encodePacked(address(0xFEE))), true);
        receiver.setOrderRecipients(_recipients("solana", abi.encodePacked(SOLANA_RECIPIENT)), true);
        _pay(o, sig, AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid with every payee listed");
    }

    /*//////////////////////////////////////////////////////////////
                               CURRENCY
    //////////////////////////////////////////////////////////////*/

    function testPayOrderNativeWithTokenCurrencyReverts() public {
        Order memory o = _erc20();
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderCurrencyMismatch.selector, abi.encodePacked(address(token)), address(0)
            )
        );
        _pay(o, sig, AMOUNT);
    }

    function testPayOrderErc20WithOtherTokenReverts() public {
        Order memory o = _erc20();
        bytes memory sig = _sign(o);
        DevnetToken other = new DevnetToken("Other", "OTH", 18);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderCurrencyMismatch.selector, abi.encodePacked(address(token)), address(other)
            )
        );
        vm.prank(payer);
        receiver.payOrderErc20(address(other), o, sig);
    }

    function testPayOrderErc20WithNativeCurrencyReverts() public {
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderCurrencyMismatch.selector, new bytes(20), address(0)));
        vm.prank(payer);
        receiver.payOrderErc20(address(0), o, sig);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.OrderCurrencyMismatch.selector, new bytes(20), address(token))
        );
        _payErc20(o, sig);
    }

    function testPayOrderWithShortOrEmptyCurrencyReverts() public {
        bytes[3] memory bad = [bytes(""), new bytes(19), new bytes(21)];
        for (uint256 i; i < bad.length; ++i) {
            Order memory o = _order(bad[i]);
            bytes memory sig = _sign(o);
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderCurrencyMismatch.selector, bad[i], address(0)));
            _pay(o, sig, AMOUNT);
        }
    }

    /*//////////////////////////////////////////////////////////////
                      SOLVER SET, ERC-1271, PAUSE
    //////////////////////////////////////////////////////////////*/

    function testPayOrderWithAnAdditionalSolver() public {
        address[] memory extra = new address[](1);
        extra[0] = vm.addr(OTHER_KEY);
        receiver.setSolvers(extra, true);
        Order memory o = _native();
        _pay(o, sign65(OTHER_KEY, _digest(_id(o))), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "additional EOA solver accepted");
    }

    function _withContractSolver() internal returns (DevnetContractSolver wallet) {
        wallet = new DevnetContractSolver(vm.addr(OTHER_KEY));
        address[] memory list = new address[](1);
        list[0] = address(wallet);
        receiver.setContractSolvers(list);
    }

    function testPayOrderWithAContractSolver() public {
        _withContractSolver();
        Order memory o = _native();
        _pay(o, sign65(OTHER_KEY, _digest(_id(o))), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "ERC-1271 solver accepted over the order digest");

        Order memory b = _native();
        bytes memory sig = sign65(0xBADBAD, _digest(_id(b)));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(0xBADBAD)));
        _pay(b, sig, AMOUNT);
    }

    function testContractSolverNeverSeesAHighSOrderSignature() public {
        _withContractSolver();
        Order memory o = _native();
        bytes memory sig = sign65(OTHER_KEY, _digest(_id(o)));
        (bytes32 r, bytes32 s, uint8 v) = _split(sig);
        // The malleable twin, which the wallet's ECDSA alone would accept.
        bytes32 high = bytes32(N - uint256(s));
        _expect(abi.encodeWithSelector(AttestationLib.AttestationHighSignatureS.selector, high));
        _pay(o, abi.encodePacked(r, high, v == 27 ? uint8(28) : uint8(27)), AMOUNT);
        _pay(o, sig, AMOUNT); // The canonical one pays.
    }

    function testContractSolverNeverSeesA64ByteOrderSignature() public {
        _withContractSolver();
        Order memory o = _native();
        (bytes32 r, bytes32 s, uint8 v) = _split(sign65(OTHER_KEY, _digest(_id(o))));
        // EIP-2098 compact form: the wallet's ECDSA accepts it, the rules do not.
        bytes32 vs = v == 28 ? s | bytes32(uint256(1) << 255) : s;
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 64));
        _pay(o, abi.encodePacked(r, vs), AMOUNT);
    }

    function testPayOrderPausedReverts() public {
        receiver.setPaused(true);
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.ReceiverPaused.selector));
        _pay(o, sig, AMOUNT);
        receiver.setPaused(false);
        _pay(o, sig, AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid after resuming");
    }

    /// @dev Both payment paths in one contract still deploy on every chain (EIP-170).
    function testDeployedCodeIsUnderTheSizeLimit() public view {
        uint256 size = address(receiver).code.length;
        assertTrue(size <= 24_576, "AttestedDepositReceiver exceeds 24,576 bytes");
        assertTrue(size > 10_000, "the measured contract is the receiver");
    }

    function testOnlyOwnerSetsTheSlugAndTheOrderWhitelist() public {
        bytes memory err = abi.encodeWithSelector(TwoStepOwnable.OwnableUnauthorized.selector, payer);
        vm.startPrank(payer);
        vm.expectRevert(err);
        receiver.setChainSlug("optimism");
        vm.expectRevert(err);
        receiver.setOrderRecipients(_recipients(OUT_SLUG, abi.encodePacked(payer)), true);
        vm.stopPrank();
    }

    function testOrderPathIsClosedToReentrancy() public {
        ReentrantToken evil = new ReentrantToken();
        evil.mint(payer, 10 ether);
        vm.prank(payer);
        evil.approve(address(receiver), type(uint256).max);
        Order memory inner = _native();
        evil.arm(receiver, abi.encodeCall(receiver.payOrderNative, (inner, _sign(inner))));
        Order memory o = _order(abi.encodePacked(address(evil)));
        bytes memory sig = _sign(o);
        vm.prank(payer);
        receiver.payOrderErc20(address(evil), o, sig);
        assertTrue(evil.reentered(), "the token tried");
        assertEq(evil.reentryError(), abi.encodeWithSelector(ReentrancyGuardTransient.Reentrancy.selector), "refused");
        assertEq(receiver.payerOf(_id(inner)), address(0), "inner payment did not happen");
        assertEq(receiver.payerOf(_id(o)), payer, "outer payment did");
    }

    /*//////////////////////////////////////////////////////////////
                     REFUNDS OF ORDER PAYMENTS
    //////////////////////////////////////////////////////////////*/

    function testNativeRefundOfAnOrderReachesThePayer() public {
        Order memory o = _native();
        _pay(o, _sign(o), AMOUNT);
        bytes32 id = _id(o);
        // A refund that reached this receiver (a refund leg naming it, or a plain transfer).
        depository.devnetWithdrawNative(address(receiver), AMOUNT);
        uint256 before = payer.balance;
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.Refunded(id, payer, address(0), AMOUNT);
        receiver.refund(id, address(0), AMOUNT, AMOUNT);
        assertEq(payer.balance, before + AMOUNT, "payer refunded");
        assertEq(address(receiver).balance, 0, "nothing stuck");
    }

    function testErc20RefundOfAnOrderReachesThePayer() public {
        Order memory o = _erc20();
        _payErc20(o, _sign(o));
        depository.devnetWithdrawErc20(address(token), address(receiver), AMOUNT);
        uint256 before = token.balanceOf(payer);
        receiver.refund(_id(o), address(token), AMOUNT, AMOUNT);
        assertEq(token.balanceOf(payer), before + AMOUNT, "payer refunded");
        assertEq(token.balanceOf(address(receiver)), 0, "nothing stuck");
    }

    /// @dev A token order's refund, sent twice, would hand its payer funds held for others.
    function testAttackRefundOfAnOrderTwiceReverts() public {
        Order memory o = _erc20();
        _payErc20(o, _sign(o));
        bytes32 id = _id(o);
        depository.devnetWithdrawErc20(address(token), address(receiver), AMOUNT); // Its refund,
        token.mint(address(receiver), AMOUNT); // and another payer's.
        receiver.refund(id, address(token), AMOUNT, AMOUNT);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RefundExceedsPayment.selector, id, AMOUNT, AMOUNT, AMOUNT)
        );
        receiver.refund(id, address(token), AMOUNT, AMOUNT);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RefundPaymentMismatch.selector, id, address(0), AMOUNT));
        receiver.refund(id, address(0), AMOUNT, AMOUNT);
        assertEq(token.balanceOf(address(receiver)), AMOUNT, "the other refund is still here");
        assertEq(receiver.refundedOf(id), AMOUNT, "refunded once");
    }

    function testRefundOfAnUnpaidOrderReverts() public {
        bytes32 id = _id(_native());
        vm.deal(address(receiver), AMOUNT);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestNotPaid.selector, id));
        receiver.refund(id, address(0), AMOUNT, AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                     EVERY PAYEE, EVERY REFUND
    //////////////////////////////////////////////////////////////*/

    /// @dev `order` with a second output payment of `minimum` to `recipient` on the output chain.
    function _withSecondPayment(Order memory o, bytes memory recipient) internal pure returns (Order memory) {
        OrderOutputPayment memory first = o.output.payments[0];
        o.output.payments = new OrderOutputPayment[](2);
        o.output.payments[0] = first;
        o.output.payments[1] = OrderOutputPayment(recipient, new bytes(20), 0.09 ether, 0.095 ether);
        return o;
    }

    function _refundError(uint256 index, string memory chainId, bytes memory recipient)
        internal
        pure
        returns (bytes memory)
    {
        return abi.encodeWithSelector(
            IAttestedDepositReceiver.OrderRefundRecipientNotAllowed.selector, index, chainId, recipient
        );
    }

    /// @dev Several output payments are paid when each recipient is listed (each is a payee).
    function testPayOrderWithTwoListedOutputPayments() public {
        receiver.setOrderRecipients(_recipients(OUT_SLUG, abi.encodePacked(address(0x5EC0))), true);
        Order memory o = _withSecondPayment(_native(), abi.encodePacked(address(0x5EC0)));
        _pay(o, _sign(o), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid: both recipients listed");
        assertEq(address(depository).balance, AMOUNT, "forwarded");
    }

    /// @dev The recipients are checked in order, the first one by the hash the order's id used.
    function testPayOrderFirstOutputPaymentUnlistedIsReportedFirst() public {
        Order memory o = _withSecondPayment(_native(), abi.encodePacked(address(0x5EC0)));
        o.output.payments[0].recipient = abi.encodePacked(address(0xBAD));
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encodePacked(address(0xBAD))
            )
        );
        _pay(o, sig, AMOUNT);
        o.output.payments[0].recipient = abi.encodePacked(RECIPIENT);
        sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector, OUT_SLUG, abi.encodePacked(address(0x5EC0))
            )
        );
        _pay(o, sig, AMOUNT);
    }

    /// @dev A fee recipient is listed on the fee's own `recipientChainId`: the same bytes listed on
    /// the output chain do not admit it.
    function testFeeRecipientIsKeyedOnItsOwnChain() public {
        Order memory o = _native();
        o.fees = new OrderFee[](1);
        o.fees[0] = OrderFee(SLUG, abi.encodePacked(RECIPIENT), SLUG, new bytes(20), 1000);
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderFeeRecipientNotWhitelisted.selector, 0, SLUG, abi.encodePacked(RECIPIENT)
            )
        );
        _pay(o, sig, AMOUNT);
        receiver.setOrderRecipients(_recipients(SLUG, abi.encodePacked(RECIPIENT)), true);
        _pay(o, sig, AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid once listed on the fee's chain");
    }

    /// @dev The index names the first unlisted fee.
    function testFeeErrorCarriesTheIndexOfTheFirstUnlistedFee() public {
        receiver.setOrderRecipients(_recipients(SLUG, abi.encodePacked(address(0xFEE))), true);
        Order memory o = _native();
        o.fees = new OrderFee[](3);
        o.fees[0] = OrderFee(SLUG, abi.encodePacked(address(0xFEE)), SLUG, new bytes(20), 1);
        o.fees[1] = OrderFee(SLUG, abi.encodePacked(address(0xFEE)), SLUG, new bytes(20), 2);
        o.fees[2] = OrderFee(OUT_SLUG, abi.encodePacked(address(0xFEE)), SLUG, new bytes(20), 3);
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderFeeRecipientNotWhitelisted.selector,
                2,
                OUT_SLUG,
                abi.encodePacked(address(0xFEE))
            )
        );
        _pay(o, sig, AMOUNT);
    }

    /// @dev Any-recipient mode lifts the payee checks (output payments and fees), not the refunds'.
    function testAnyRecipientModePaysAnyPayeeButNotAThirdPartyRefund() public {
        receiver.setAllowAnyRecipient(true);
        Order memory o = _withSecondPayment(_native(), abi.encodePacked(address(0xBAD)));
        o.fees = new OrderFee[](1);
        o.fees[0] = OrderFee(SLUG, abi.encodePacked(address(0xFEE)), SLUG, new bytes(20), 0.5 ether);
        _pay(o, _sign(o), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "any payee in any-recipient mode");

        Order memory r = _native();
        r.inputs[0].refunds[0].recipient = abi.encodePacked(address(0xA77AC));
        bytes memory sig = _sign(r);
        _expect(_refundError(0, SLUG, abi.encodePacked(address(0xA77AC))));
        _pay(r, sig, AMOUNT);
    }

    /// @dev A refund leg may name this receiver on this chain (its owner forwards with `refund`),
    /// but not on another chain, where the same address is not this contract.
    function testRefundToThisReceiverOnlyOnThisChain() public {
        Order memory here = _native();
        here.inputs[0].refunds[0].recipient = abi.encodePacked(address(receiver));
        _pay(here, _sign(here), AMOUNT);
        assertEq(receiver.payerOf(_id(here)), payer, "refund to the receiver on its chain");

        Order memory there = _native();
        there.inputs[0].refunds[1].recipient = abi.encodePacked(address(receiver));
        bytes memory sig = _sign(there);
        _expect(_refundError(1, OUT_SLUG, abi.encodePacked(address(receiver))));
        _pay(there, sig, AMOUNT);

        // An order refunding to this receiver is bound to it: another receiver of the same chain,
        // solver and whitelist refuses it.
        AttestedDepositReceiver other = _otherReceiver();
        Order memory bound = _native();
        bound.inputs[0].refunds[0].recipient = abi.encodePacked(address(receiver));
        sig = _sign(bound);
        _expect(_refundError(0, SLUG, abi.encodePacked(address(receiver))));
        vm.prank(payer);
        other.payOrderNative{value: AMOUNT}(bound, sig);
    }

    /// @dev A second receiver configured like this one: same depository, solver, slug and whitelist.
    function _otherReceiver() internal returns (AttestedDepositReceiver other) {
        other = new AttestedDepositReceiver(
            address(this),
            address(depository),
            solver,
            new address[](0),
            new address[](0),
            new IAttestedDepositReceiver.Recipient[](0),
            false
        );
        other.setChainSlug(SLUG);
        other.setOrderRecipients(_recipients(OUT_SLUG, abi.encodePacked(RECIPIENT)), true);
    }

    /// @dev An order with no refund names neither its payer nor a receiver: anyone could pay it
    /// through any receiver with the chain's slug. Refused, v1 and v2, before any money moves.
    function testAttackOrderWithoutRefundPaidThroughAnyReceiverReverts() public {
        AttestedDepositReceiver other = _otherReceiver();
        address stranger = address(0x57A);
        vm.deal(stranger, 10 ether);
        Order memory o = _native();
        o.inputs[0].refunds = new OrderInputRefund[](0);
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderRefundCountUnsupported.selector, 0));
        vm.prank(stranger);
        other.payOrderNative{value: AMOUNT}(o, sig);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderRefundCountUnsupported.selector, 0));
        _pay(o, sig, AMOUNT);

        OrderV2 memory v2 = _orderV2(new bytes(20));
        v2.refunds = new OrderV2Refund[](0);
        sig = _signV2(v2);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderRefundCountUnsupported.selector, 0));
        vm.prank(stranger);
        other.payOrderV2Native{value: AMOUNT}(v2, sig);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    /// @dev Exactly the payer's 20 bytes: its left-padded word, the zero address (no "depositor"
    /// reading) and a non-EVM recipient are refused.
    function testRefundRecipientIsExactlyThePayersTwentyBytes() public {
        bytes[4] memory others = [
            abi.encode(payer), // 32 bytes that left-pad to the payer.
            abi.encodePacked(payer, bytes1(0)), // 21 bytes that start with it.
            new bytes(20), // The zero address.
            abi.encodePacked(SOLANA_RECIPIENT) // A Solana account.
        ];
        for (uint256 i; i < others.length; ++i) {
            Order memory o = _native();
            o.inputs[0].refunds[1].recipient = others[i];
            bytes memory sig = _sign(o);
            _expect(_refundError(1, OUT_SLUG, others[i]));
            _pay(o, sig, AMOUNT);
        }
    }

    /// @dev The payer is who pays: an order whose refunds name someone else's address is refused
    /// when another account pays it, and paid when that account pays.
    function testRefundRecipientIsTheCaller() public {
        address other = address(0x07E4);
        vm.deal(other, 10 ether);
        Order memory o = _native();
        bytes memory sig = _sign(o);
        _expect(_refundError(0, SLUG, abi.encodePacked(payer)));
        vm.prank(other);
        receiver.payOrderNative{value: AMOUNT}(o, sig);
        _pay(o, sig, AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "paid by the account its refunds name");
    }

    /// @dev A refund recipient that is the payer, this receiver or any other address, on this chain's
    /// refund leg or the other chain's: paid exactly when it is the payer, or this receiver on this
    /// chain.
    function testFuzzRefundRecipientIsThePayerOrThisReceiver(uint8 pick, address other, bool onThisChain) public {
        address recipient = pick % 3 == 0 ? payer : pick % 3 == 1 ? address(receiver) : other;
        Order memory o = _native();
        uint256 leg = onThisChain ? 0 : 1;
        o.inputs[0].refunds[leg].recipient = abi.encodePacked(recipient);
        bytes memory sig = _sign(o);
        bool allowed = recipient == payer || (onThisChain && recipient == address(receiver));
        if (!allowed) _expect(_refundError(leg, onThisChain ? SLUG : OUT_SLUG, abi.encodePacked(recipient)));
        _pay(o, sig, AMOUNT);
        assertEq(receiver.payerOf(_id(o)), allowed ? payer : address(0), "paid iff the refund is the payer's");
    }

    function testOrderV2RefundsAndFeesAreChecked() public {
        OrderV2 memory o = _orderV2(new bytes(20));
        o.refunds = new OrderV2Refund[](2);
        o.refunds[0] = OrderV2Refund(SLUG, new bytes(20), 0, abi.encodePacked(payer));
        o.refunds[1] = OrderV2Refund(OUT_SLUG, new bytes(20), 0, abi.encodePacked(address(0xA77AC)));
        bytes memory sig = _signV2(o);
        _expect(_refundError(1, OUT_SLUG, abi.encodePacked(address(0xA77AC))));
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);

        o.refunds[1].recipient = abi.encodePacked(payer);
        o.fees = new OrderFee[](1);
        o.fees[0] = OrderFee(SLUG, abi.encodePacked(address(0xFEE)), SLUG, new bytes(20), 1);
        sig = _signV2(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderFeeRecipientNotWhitelisted.selector, 0, SLUG, abi.encodePacked(address(0xFEE))
            )
        );
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);

        receiver.setOrderRecipients(_recipients(SLUG, abi.encodePacked(address(0xFEE))), true);
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);
        assertEq(receiver.payerOf(verifier.hashOrderV2(o)), payer, "paid: fee listed, refunds the payer's");
    }

    /*//////////////////////////////////////////////////////////////
                               ATTACKS
    //////////////////////////////////////////////////////////////*/

    function _attestation(bytes32 requestId) internal view returns (Attestation memory a, bytes memory sig) {
        a = Attestation({
            requestId: requestId,
            originChainId: block.chainid,
            originUser: bytes32(uint256(uint160(address(receiver)))),
            originCurrency: bytes32(0),
            originAmount: AMOUNT,
            destinationChainId: 10,
            destinationUser: bytes32(uint256(uint160(RECIPIENT)))
        });
        sig = sign65(SOLVER_KEY, _digest(keccak256(abi.encode(a))));
    }

    /// @dev A paid order's id, presented again as a solver-signed attestation's request id, does not
    /// forward a second deposit under the same depository id.
    function testAttackOrderIdReplayedThroughTheAttestationPathReverts() public {
        receiver.setAllowAnyRecipient(true);
        Order memory o = _native();
        _pay(o, _sign(o), AMOUNT);
        (Attestation memory a, bytes memory sig) = _attestation(_id(o));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, _id(o), payer));
        vm.prank(payer);
        receiver.payNative{value: AMOUNT}(a, sig, DEADLINE);
        assertEq(address(depository).balance, AMOUNT, "one deposit under the id");
    }

    /// @dev And the reverse: a request paid through an attestation blocks an order with the same id.
    function testAttackRequestIdReplayedThroughTheOrderPathReverts() public {
        receiver.setAllowAnyRecipient(true);
        Order memory o = _native();
        (Attestation memory a, bytes memory sig) = _attestation(_id(o));
        vm.prank(payer);
        receiver.payNative{value: AMOUNT}(a, sig, DEADLINE);
        bytes memory orderSig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, _id(o), payer));
        _pay(o, orderSig, AMOUNT);
        assertEq(address(depository).balance, AMOUNT, "one deposit under the id");
    }

    /// @dev A genuine order the solver signed for another origin chain cannot be paid here, even
    /// with every other field right.
    function testAttackOrderForAnotherChainSlugReverts() public {
        Order memory o = _native();
        o.inputs[0].payment.chainId = "arbitrum";
        o.inputs[0].refunds[0].chainId = "arbitrum";
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderChainMismatch.selector, "arbitrum", SLUG));
        _pay(o, sig, AMOUNT);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    /// @dev A currency of 32 bytes whose word left-pads to the token (the attestation path's
    /// encoding) is not the order's 20-byte EVM encoding: refused for both tokens and native.
    function testAttackCurrencyWordLeftPaddedToTheTokenReverts() public {
        bytes memory word = abi.encode(address(token));
        Order memory o = _order(word);
        bytes memory sig = _sign(o);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderCurrencyMismatch.selector, word, address(token)));
        _payErc20(o, sig);

        Order memory n = _order(new bytes(32));
        sig = _sign(n);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.OrderCurrencyMismatch.selector, new bytes(32), address(0)));
        _pay(n, sig, AMOUNT);
        assertEq(token.balanceOf(address(depository)) + address(depository).balance, 0, "nothing forwarded");
    }

    /// @dev An order whose `inputs[0]` is exactly right, but whose signature covers another output
    /// (another recipient, both whitelisted): the id differs, the signer recovered is nobody's.
    function testAttackSignatureCoversAnotherOutputReverts() public {
        receiver.setOrderRecipients(_recipients(OUT_SLUG, abi.encodePacked(address(0xA77AC))), true);
        Order memory signed = _native();
        bytes memory sig = _sign(signed);
        Order memory swapped = signed;
        swapped.output.payments = new OrderOutputPayment[](1);
        swapped.output.payments[0] =
            OrderOutputPayment(abi.encodePacked(address(0xA77AC)), new bytes(20), 0.9 ether, 0.95 ether);
        address recovered = ecrecoverOf(_id(swapped), sig);
        assertTrue(recovered != solver, "the signature does not cover the swapped output");
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, recovered));
        _pay(swapped, sig, AMOUNT);

        // A lower minimum amount out, same recipient: also another order.
        Order memory cheaper = _native();
        cheaper.salt = signed.salt;
        cheaper.output.payments[0].minimumAmount = 1;
        recovered = ecrecoverOf(_id(cheaper), sig);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, recovered));
        _pay(cheaper, sig, AMOUNT);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    /// @dev 99% of the payment as a fee to an address nobody listed: the one output payment is
    /// listed, the fee is not, and the order is refused before any money moves.
    function testAttackFeeOfNinetyNinePercentToAnUnlistedAddressReverts() public {
        Order memory o = _native();
        o.output.payments[0].minimumAmount = 0.01 ether;
        o.output.payments[0].expectedAmount = 0.01 ether;
        o.fees = new OrderFee[](1);
        o.fees[0] = OrderFee(SLUG, abi.encodePacked(address(0xA77AC)), SLUG, new bytes(20), 0.99 ether);
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderFeeRecipientNotWhitelisted.selector,
                0,
                SLUG,
                abi.encodePacked(address(0xA77AC))
            )
        );
        _pay(o, sig, AMOUNT);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    /// @dev The listed recipient first, then a second output payment to an unlisted address.
    function testAttackSecondOutputPaymentToAnUnlistedAddressReverts() public {
        Order memory o = _withSecondPayment(_native(), abi.encodePacked(address(0xA77AC)));
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRecipientNotWhitelisted.selector,
                OUT_SLUG,
                abi.encodePacked(address(0xA77AC))
            )
        );
        _pay(o, sig, AMOUNT);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    /// @dev A refund leg that pays a third party: if the order fails, the payer's money goes to the
    /// attacker. Refused in whitelist mode and in any-recipient mode alike.
    function testAttackRefundLegToAThirdPartyReverts() public {
        Order memory o = _native();
        o.inputs[0].refunds[1].recipient = abi.encodePacked(address(0xA77AC));
        bytes memory sig = _sign(o);
        _expect(_refundError(1, OUT_SLUG, abi.encodePacked(address(0xA77AC))));
        _pay(o, sig, AMOUNT);
        receiver.setAllowAnyRecipient(true);
        _expect(_refundError(1, OUT_SLUG, abi.encodePacked(address(0xA77AC))));
        _pay(o, sig, AMOUNT);
        assertEq(address(depository).balance, 0, "nothing forwarded");
    }

    function ecrecoverOf(bytes32 orderId, bytes memory sig) internal pure returns (address) {
        (bytes32 r, bytes32 s, uint8 v) = _split(sig);
        return ecrecover(_digest(orderId), v, r, s);
    }

    /*//////////////////////////////////////////////////////////////
                       REFUND LEGS (CHECK O7)
    //////////////////////////////////////////////////////////////*/

    /// @dev A refund gives back what the payer paid (or the native currency) on the chain paid, or
    /// an output's currency (or the native one) on the output's chain: a token leg on a native
    /// payment is neither.
    function testAttackOrderRefundInAnotherCurrencyReverts() public {
        Order memory o = _native();
        o.inputs[0].refunds[0].currency = abi.encodePacked(address(token));
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRefundLegNotAllowed.selector, 0, SLUG, abi.encodePacked(address(token))
            )
        );
        _pay(o, sig, AMOUNT);
    }

    function testAttackOrderRefundOnAThirdChainReverts() public {
        Order memory o = _native();
        o.inputs[0].refunds[1].chainId = "arbitrum";
        bytes memory sig = _sign(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRefundLegNotAllowed.selector, 1, "arbitrum", new bytes(20)
            )
        );
        _pay(o, sig, AMOUNT);
    }

    function testOrderRefundInTheOutputCurrencyOnTheOutputChain() public {
        Order memory o = _erc20();
        o.output.payments[0].currency = abi.encodePacked(address(0x0C0FFEE));
        o.inputs[0].refunds[1].currency = abi.encodePacked(address(0x0C0FFEE));
        _payErc20(o, _sign(o));
        assertEq(receiver.payerOf(_id(o)), payer, "the output's currency on the output's chain");

        Order memory other = _erc20();
        other.output.payments[0].currency = abi.encodePacked(address(0x0C0FFEE));
        other.inputs[0].refunds[1].currency = abi.encodePacked(address(token)); // The input's, on the output chain.
        bytes memory sig = _sign(other);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRefundLegNotAllowed.selector, 1, OUT_SLUG, abi.encodePacked(address(token))
            )
        );
        _payErc20(other, sig);
    }

    function testOrderV2RefundLegs() public {
        OrderV2 memory o = _orderV2(new bytes(20));
        o.refunds[0].currency = abi.encodePacked(address(token));
        bytes memory sig = _signV2(o);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRefundLegNotAllowed.selector, 0, SLUG, abi.encodePacked(address(token))
            )
        );
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(o, sig);

        OrderV2 memory out = _orderV2(new bytes(20));
        out.output.fill.currency = abi.encodePacked(address(0x0C0FFEE));
        out.refunds[0] = OrderV2Refund(OUT_SLUG, abi.encodePacked(address(0x0C0FFEE)), 0, abi.encodePacked(payer));
        bytes memory outSig = _signV2(out);
        vm.prank(payer);
        receiver.payOrderV2Native{value: AMOUNT}(out, outSig);
        assertEq(receiver.payerOf(verifier.hashOrderV2(out)), payer, "the fill's currency on the output's chain");
    }

    /// @dev Slugs of 32 bytes and more are compared by hash, shorter ones by their bytes: two long
    /// slugs that share their first 31 bytes are still two chains.
    function testOrderRefundOnALongOutputSlug() public {
        string memory longSlug = "a-chain-whose-slug-is-thirty-two-bytes-or-more";
        receiver.setOrderRecipients(_recipients(longSlug, abi.encodePacked(RECIPIENT)), true);
        Order memory o = _native();
        o.output.chainId = longSlug;
        o.inputs[0].refunds[1].chainId = longSlug;
        _pay(o, _sign(o), AMOUNT);
        assertEq(receiver.payerOf(_id(o)), payer, "a refund on the long output slug");

        Order memory twin = _native();
        twin.output.chainId = longSlug;
        twin.inputs[0].refunds[1].chainId = "a-chain-whose-slug-is-thirty-two-bytes-or-less";
        bytes memory sig = _sign(twin);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OrderRefundLegNotAllowed.selector,
                1,
                "a-chain-whose-slug-is-thirty-two-bytes-or-less",
                new bytes(20)
            )
        );
        _pay(twin, sig, AMOUNT);
    }

    /// @dev Any leg, any change of its chain, currency or deadline: paid only when it stays a leg of
    /// the chain paid or of the output's chain, in one of their currencies, open until the fill.
    function testFuzzOrderRefundLegs(uint8 chain, uint8 currency, uint32 deadline) public {
        string[3] memory chains = [SLUG, OUT_SLUG, "arbitrum"];
        bytes[3] memory currencies = [new bytes(20), abi.encodePacked(address(token)), abi.encodePacked(address(0xBEEF))];
        Order memory o = _native();
        o.inputs[0].refunds[1].chainId = chains[chain % 3];
        o.inputs[0].refunds[1].currency = currencies[currency % 3];
        o.inputs[0].refunds[1].deadline = deadline;
        bool legOk = chain % 3 != 2 && currency % 3 == 0; // Native on either chain; the output is native too.
        bytes memory sig = _sign(o);
        if (!legOk) {
            _expect(
                abi.encodeWithSelector(
                    IAttestedDepositReceiver.OrderRefundLegNotAllowed.selector, 1, chains[chain % 3], currencies[currency % 3]
                )
            );
        } else if (deadline < DEADLINE) {
            _expect(
                abi.encodeWithSelector(
                    IAttestedDepositReceiver.OrderRefundDeadlineBeforeFill.selector, 1, deadline, DEADLINE
                )
            );
        }
        _pay(o, sig, AMOUNT);
    }
}
