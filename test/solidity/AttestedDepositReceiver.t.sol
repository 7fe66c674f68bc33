// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ReentrancyGuardTransient} from "solady/utils/ReentrancyGuardTransient.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {AttestedDepositReceiver} from "../../packages/attestkit/contracts/AttestedDepositReceiver.sol";
import {DevnetContractSolver} from "../../packages/devnet/contracts/DevnetContractSolver.sol";
import {DevnetDepository} from "../../packages/attestkit/contracts/devnet/DevnetDepository.sol";
import {DevnetFeeOnTransferToken} from "../../packages/devnet/contracts/DevnetFeeOnTransferToken.sol";
import {DevnetNoReturnToken} from "../../packages/devnet/contracts/DevnetNoReturnToken.sol";
import {DevnetToken} from "../../packages/devnet/contracts/DevnetToken.sol";
import {IAttestedDepositReceiver} from "../../packages/attestkit/contracts/interfaces/IAttestedDepositReceiver.sol";
import {IDepository} from "../../packages/attestkit/contracts/interfaces/IDepository.sol";
import {Attestation, AttestationLib, AttestationV2} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {TwoStepOwnable} from "../../packages/attestkit/contracts/utils/TwoStepOwnable.sol";
import {ReentrantToken} from "./utils/ReentrantToken.sol";
import {Test} from "./utils/Test.sol";

/// @dev A share-based rebasing token like stETH: balances are shares times a rate, so a transfer of
/// `amount` moves `floor(amount / rate)` shares and the recipient's balance grows by up to 2 wei less.
contract RebasingToken is DevnetToken {
    uint256 internal constant RATE_NUM = 1_000_000_007;
    uint256 internal constant RATE_DEN = 1_000_000_000;
    mapping(address => uint256) internal _shares;

    constructor() DevnetToken("Staked", "stETH", 18) {}

    function balanceOf(address owner) public view override returns (uint256) {
        return _shares[owner] * RATE_NUM / RATE_DEN;
    }

    function mintShares(address to, uint256 amount) external {
        _shares[to] += amount * RATE_DEN / RATE_NUM + 1;
    }

    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        uint256 shares = amount * RATE_DEN / RATE_NUM; // Rounded down, as share tokens do.
        _shares[from] -= shares;
        _shares[to] += shares;
        return true;
    }
}

/// @dev A payer contract that refuses native currency.
contract EtherRefuser {}

contract AttestedDepositReceiverTest is Test {
    uint256 internal constant SOLVER_KEY = 0x5017E4;
    uint256 internal constant OTHER_KEY = 0x0DD;
    uint256 internal constant DEST_CHAIN = 8453;
    bytes32 internal constant DEST_USER = bytes32(uint256(uint160(0xd00D00000000000000000000000000000000D00D)));
    /// @dev A recipient nobody whitelisted.
    bytes32 internal constant BAD_USER = bytes32(uint256(uint160(0xBAd0000000000000000000000000000000000Bad)));
    uint256 internal constant MAX_CHAIN_ID = 2 ** 53 - 1;
    uint256 internal constant AMOUNT = 1 ether;
    uint256 internal constant DEADLINE = 1_000_000;

    DevnetDepository internal depository;
    AttestedDepositReceiver internal receiver;
    DevnetToken internal token;
    address internal solver;
    address internal payer = address(0xBA7E4);
    uint256 internal nonce;

    function setUp() public {
        solver = vm.addr(SOLVER_KEY);
        depository = new DevnetDepository(address(this));
        IAttestedDepositReceiver.Recipient[] memory recipients = new IAttestedDepositReceiver.Recipient[](1);
        recipients[0] = IAttestedDepositReceiver.Recipient({chainId: DEST_CHAIN, user: DEST_USER});
        receiver = new AttestedDepositReceiver(
            address(this), address(depository), solver, new address[](0), new address[](0), recipients, false
        );
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

    function _attestation(bytes32 currency) internal returns (Attestation memory) {
        return Attestation({
            requestId: keccak256(abi.encode("request", ++nonce)),
            originChainId: block.chainid,
            originUser: bytes32(uint256(uint160(address(receiver)))),
            originCurrency: currency,
            originAmount: AMOUNT,
            destinationChainId: DEST_CHAIN,
            destinationUser: DEST_USER
        });
    }

    function _native() internal returns (Attestation memory) {
        return _attestation(bytes32(0));
    }

    function _digest(Attestation memory a) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(a))));
    }

    function _sign(Attestation memory a) internal pure returns (bytes memory) {
        return sign65(SOLVER_KEY, _digest(a));
    }

    function _payNative(Attestation memory a, bytes memory sig, uint256 value) internal {
        vm.prank(payer);
        receiver.payNative{value: value}(a, sig, DEADLINE);
    }

    function _expect(bytes memory err) internal {
        vm.expectRevert(err);
    }

    /*//////////////////////////////////////////////////////////////
                               DEFAULT
    //////////////////////////////////////////////////////////////*/

    function testPayNative() public {
        Attestation memory a = _native();
        vm.expectEmit(address(depository));
        emit IDepository.RelayNativeDeposit(address(receiver), AMOUNT, a.requestId);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.AttestedDeposit(a.requestId, payer, address(0), AMOUNT);
        _payNative(a, _sign(a), AMOUNT);
        assertEq(address(depository).balance, AMOUNT, "depository got the funds");
        assertEq(address(receiver).balance, 0, "receiver keeps nothing");
        assertEq(receiver.payerOf(a.requestId), payer, "payer recorded");
    }

    function testPayErc20() public {
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        vm.expectEmit(address(depository));
        emit IDepository.RelayErc20Deposit(address(receiver), address(token), AMOUNT, a.requestId);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.AttestedDeposit(a.requestId, payer, address(token), AMOUNT);
        vm.prank(payer);
        receiver.payErc20(address(token), a, _sign(a), DEADLINE);
        assertEq(token.balanceOf(address(depository)), AMOUNT, "depository got the tokens");
        assertEq(token.balanceOf(address(receiver)), 0, "receiver keeps nothing");
        assertEq(token.allowance(address(receiver), address(depository)), 0, "no allowance left behind");
        assertEq(token.balanceOf(payer), 1_000 ether - AMOUNT, "payer paid exactly");
    }

    /*//////////////////////////////////////////////////////////////
                                AMOUNT
    //////////////////////////////////////////////////////////////*/

    function testPayNativeWithOneLessReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, AMOUNT - 1));
        _payNative(a, sig, AMOUNT - 1);
    }

    function testPayNativeWithOneMoreReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, AMOUNT + 1));
        _payNative(a, sig, AMOUNT + 1);
    }

    function testFuzzPayNativeAmount(uint256 signedAmount, uint256 paid) public {
        signedAmount = bound(signedAmount, 0, 100 ether);
        paid = bound(paid, 0, 100 ether);
        Attestation memory a = _native();
        a.originAmount = signedAmount;
        bytes memory sig = _sign(a);
        if (paid != signedAmount) {
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, signedAmount, paid));
        }
        _payNative(a, sig, paid);
        if (paid == signedAmount) assertEq(address(depository).balance, paid, "forwarded");
    }

    function testPayErc20WithFeeOnTransferTokenReverts() public {
        DevnetFeeOnTransferToken fee = new DevnetFeeOnTransferToken(100); // 1%.
        fee.mint(payer, 10 ether);
        vm.prank(payer);
        fee.approve(address(receiver), type(uint256).max);
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(fee)))));
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.AmountMismatch.selector, AMOUNT, AMOUNT * 99 / 100));
        vm.prank(payer);
        receiver.payErc20(address(fee), a, sig, DEADLINE);
    }

    function testPayErc20WithNoReturnToken() public {
        DevnetNoReturnToken usdtLike = new DevnetNoReturnToken();
        usdtLike.mint(payer, 10 ether);
        vm.prank(payer);
        usdtLike.approve(address(receiver), type(uint256).max);
        for (uint256 i; i < 2; ++i) {
            // Twice: the second approval to the depository must start from a zero allowance.
            Attestation memory a = _attestation(bytes32(uint256(uint160(address(usdtLike)))));
            vm.prank(payer);
            receiver.payErc20(address(usdtLike), a, _sign(a), DEADLINE);
        }
        assertEq(usdtLike.balanceOf(address(depository)), 2 * AMOUNT, "depository got the tokens");
        assertEq(usdtLike.balanceOf(address(receiver)), 0, "receiver keeps nothing");
    }

    function testPayErc20WithoutApprovalReverts() public {
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        bytes memory sig = _sign(a);
        vm.prank(payer);
        token.approve(address(receiver), 0);
        _expect(abi.encodeWithSelector(SafeTransferLib.TransferFromFailed.selector));
        vm.prank(payer);
        receiver.payErc20(address(token), a, sig, DEADLINE);
    }

    /*//////////////////////////////////////////////////////////////
                               DEADLINE
    //////////////////////////////////////////////////////////////*/

    function testPayNativeAtTheDeadlineSecond() public {
        vm.warp(DEADLINE);
        Attestation memory a = _native();
        _payNative(a, _sign(a), AMOUNT);
        assertEq(receiver.payerOf(a.requestId), payer, "paid at the deadline itself");
    }

    function testPayNativeOneSecondBeforeTheDeadline() public {
        vm.warp(DEADLINE - 1);
        Attestation memory a = _native();
        _payNative(a, _sign(a), AMOUNT);
        assertEq(receiver.payerOf(a.requestId), payer, "paid");
    }

    function testPayNativeOneSecondAfterTheDeadlineReverts() public {
        vm.warp(DEADLINE + 1);
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE, DEADLINE + 1));
        _payNative(a, sig, AMOUNT);
    }

    function testFuzzDeadline(uint256 timestamp) public {
        timestamp = bound(timestamp, 1, type(uint64).max);
        vm.warp(timestamp);
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        if (timestamp > DEADLINE) {
            _expect(abi.encodeWithSelector(IAttestedDepositReceiver.DeadlineExpired.selector, DEADLINE, timestamp));
        }
        _payNative(a, sig, AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                          BINDING AND REPLAY
    //////////////////////////////////////////////////////////////*/

    function testPayNativeOnWrongChainReverts() public {
        Attestation memory a = _native();
        a.originChainId = block.chainid + 1;
        bytes memory sig = _sign(a);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OriginChainMismatch.selector, block.chainid + 1, block.chainid
            )
        );
        _payNative(a, sig, AMOUNT);
    }

    function testPayNativeForAnotherReceiverReverts() public {
        Attestation memory a = _native();
        a.originUser = bytes32(uint256(uint160(payer)));
        bytes memory sig = _sign(a);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.OriginUserMismatch.selector, a.originUser, address(receiver)
            )
        );
        _payNative(a, sig, AMOUNT);
    }

    function testPayNativeWithTokenCurrencyReverts() public {
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.CurrencyMismatch.selector, a.originCurrency, address(0)));
        _payNative(a, sig, AMOUNT);
    }

    function testPayErc20WithOtherTokenReverts() public {
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        bytes memory sig = _sign(a);
        DevnetToken other = new DevnetToken("Other", "OTH", 18);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.CurrencyMismatch.selector, a.originCurrency, address(other))
        );
        vm.prank(payer);
        receiver.payErc20(address(other), a, sig, DEADLINE);
    }

    function testPayErc20WithNativeCurrencyReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.CurrencyMismatch.selector, bytes32(0), address(0)));
        vm.prank(payer);
        receiver.payErc20(address(0), a, sig, DEADLINE);
    }

    function testReplayReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        _payNative(a, sig, AMOUNT);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, a.requestId, payer));
        _payNative(a, sig, AMOUNT);
    }

    function testReplayIsKeyedOnTheRequestId() public {
        Attestation memory a = _native();
        _payNative(a, _sign(a), AMOUNT);
        // Another genuine attestation for the same request id (different amount, different
        // signature bytes) is still a replay.
        a.originAmount = AMOUNT + 5;
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, a.requestId, payer));
        _payNative(a, sig, AMOUNT + 5);
    }

    function testReplayAcrossCurrenciesReverts() public {
        Attestation memory a = _native();
        _payNative(a, _sign(a), AMOUNT);
        a.originCurrency = bytes32(uint256(uint160(address(token))));
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestAlreadyPaid.selector, a.requestId, payer));
        vm.prank(payer);
        receiver.payErc20(address(token), a, sig, DEADLINE);
    }

    /*//////////////////////////////////////////////////////////////
                              WHITELIST
    //////////////////////////////////////////////////////////////*/

    function testRecipientNotWhitelistedReverts() public {
        Attestation memory a = _native();
        a.destinationUser = BAD_USER;
        bytes memory sig = _sign(a);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.RecipientNotWhitelisted.selector, DEST_CHAIN, BAD_USER
            )
        );
        _payNative(a, sig, AMOUNT);
    }

    function testWhitelistIsKeyedOnChainAndUser() public {
        Attestation memory a = _native();
        a.destinationChainId = DEST_CHAIN + 1; // Same user, other chain.
        bytes memory sig = _sign(a);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RecipientNotWhitelisted.selector, DEST_CHAIN + 1, DEST_USER)
        );
        _payNative(a, sig, AMOUNT);
    }

    function testWhitelistBatchAddAndRemove() public {
        IAttestedDepositReceiver.Recipient[] memory batch = new IAttestedDepositReceiver.Recipient[](2);
        batch[0] = IAttestedDepositReceiver.Recipient({chainId: 10, user: DEST_USER});
        batch[1] = IAttestedDepositReceiver.Recipient({chainId: 792703809, user: keccak256("solana key")});
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.RecipientSet(10, DEST_USER, true);
        receiver.setRecipients(batch, true);
        assertTrue(receiver.isRecipientWhitelisted(10, DEST_USER), "added");
        assertTrue(receiver.isRecipientWhitelisted(792703809, keccak256("solana key")), "added");

        Attestation memory a = _native();
        a.destinationChainId = 792703809;
        a.destinationUser = keccak256("solana key");
        _payNative(a, _sign(a), AMOUNT);

        receiver.setRecipients(batch, false);
        assertFalse(receiver.isRecipientWhitelisted(10, DEST_USER), "removed");
        a.requestId = keccak256("next");
        bytes memory sig = _sign(a);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.RecipientNotWhitelisted.selector, 792703809, keccak256("solana key")
            )
        );
        _payNative(a, sig, AMOUNT);
    }

    function testAllowAnyRecipient() public {
        receiver.setAllowAnyRecipient(true);
        assertTrue(receiver.allowAnyRecipient(), "switch on");
        Attestation memory a = _native();
        a.destinationUser = BAD_USER;
        _payNative(a, _sign(a), AMOUNT);
        receiver.setAllowAnyRecipient(false);
        a.requestId = keccak256("other");
        bytes memory sig = _sign(a);
        _expect(
            abi.encodeWithSelector(
                IAttestedDepositReceiver.RecipientNotWhitelisted.selector, DEST_CHAIN, BAD_USER
            )
        );
        _payNative(a, sig, AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                              SIGNATURES
    //////////////////////////////////////////////////////////////*/

    function testWrongSignerReverts() public {
        Attestation memory a = _native();
        bytes memory sig = sign65(OTHER_KEY, _digest(a));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(OTHER_KEY)));
        _payNative(a, sig, AMOUNT);
    }

    function testFuzzRandomSignerReverts(uint256 keySeed) public {
        uint256 key = toPrivateKey(keySeed);
        vm.assume(key != SOLVER_KEY);
        Attestation memory a = _native();
        bytes memory sig = sign65(key, _digest(a));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(key)));
        _payNative(a, sig, AMOUNT);
    }

    function testTamperedAttestationReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        a.destinationChainId = 1; // Whitelist it so that only the signature check can fail.
        IAttestedDepositReceiver.Recipient[] memory r = new IAttestedDepositReceiver.Recipient[](1);
        r[0] = IAttestedDepositReceiver.Recipient({chainId: 1, user: DEST_USER});
        receiver.setRecipients(r, true);
        (bool ok, bytes memory err) = _tryPayNative(a, sig, AMOUNT);
        assertFalse(ok, "tampered tuple rejected");
        assertEq(bytes4(err), IAttestedDepositReceiver.SignerNotAllowed.selector, "as a wrong signer");
    }

    function _tryPayNative(Attestation memory a, bytes memory sig, uint256 value)
        internal
        returns (bool ok, bytes memory err)
    {
        vm.prank(payer);
        (ok, err) = address(receiver).call{value: value}(abi.encodeCall(receiver.payNative, (a, sig, DEADLINE)));
    }

    function testSignatureLength64And66Revert() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        bytes memory short = new bytes(64);
        for (uint256 i; i < 64; ++i) short[i] = sig[i];
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 64));
        _payNative(a, short, AMOUNT);
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 66));
        _payNative(a, abi.encodePacked(sig, bytes1(0x1b)), AMOUNT);
        _payNative(a, sig, AMOUNT); // 65 is accepted.
    }

    function testSignatureV0And1Accepted() public {
        for (uint256 i; i < 2; ++i) {
            Attestation memory a = _native();
            bytes memory sig = _sign(a);
            sig[64] = bytes1(uint8(sig[64]) - 27);
            _payNative(a, sig, AMOUNT);
            assertEq(receiver.payerOf(a.requestId), payer, "raw recovery id accepted");
        }
    }

    function testSignatureOtherVReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        sig[64] = bytes1(uint8(29));
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureV.selector, uint8(29)));
        _payNative(a, sig, AMOUNT);
    }

    function testSignatureHighSReverts() public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        bytes32 r;
        uint256 s;
        uint8 v = uint8(sig[64]);
        assembly {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
        }
        bytes memory twin = abi.encodePacked(r, bytes32(N - s), v == 27 ? uint8(28) : uint8(27));
        _expect(abi.encodeWithSelector(AttestationLib.AttestationHighSignatureS.selector, bytes32(N - s)));
        _payNative(a, twin, AMOUNT);
    }

    function testZeroSignatureReverts() public {
        Attestation memory a = _native();
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bytes32(0)));
        _payNative(a, new bytes(65), AMOUNT);
    }

    function testFuzzCorruptSignatureNeverPays(uint256 which, uint256 value) public {
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        which = bound(which, 0, 2);
        if (which == 2) {
            uint8 v = uint8(value);
            vm.assume(v != uint8(sig[64]) && uint256(v) + 27 != uint8(sig[64]));
            sig[64] = bytes1(v);
        } else {
            bytes32 word = bytes32(value);
            bytes32 original;
            assembly {
                original := mload(add(sig, add(0x20, mul(which, 0x20))))
                mstore(add(sig, add(0x20, mul(which, 0x20))), word)
            }
            vm.assume(word != original);
        }
        (bool ok,) = _tryPayNative(a, sig, AMOUNT);
        assertFalse(ok, "a corrupted signature never pays");
        assertEq(receiver.payerOf(a.requestId), address(0), "nothing recorded");
    }

    /*//////////////////////////////////////////////////////////////
                         SOLVER SET AND ROTATION
    //////////////////////////////////////////////////////////////*/

    function testRotatePrimarySolver() public {
        address next = vm.addr(OTHER_KEY);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.PrimarySolverSet(next);
        receiver.setPrimarySolver(next);
        assertEq(receiver.primarySolver(), next, "rotated");
        assertFalse(receiver.isSolver(solver), "old solver out");

        Attestation memory a = _native();
        bytes memory oldSig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, solver));
        _payNative(a, oldSig, AMOUNT);
        _payNative(a, sign65(OTHER_KEY, _digest(a)), AMOUNT);
        assertEq(receiver.payerOf(a.requestId), payer, "new solver accepted");
    }

    function testAdditionalSolversAddAndRemove() public {
        address[] memory extra = new address[](1);
        extra[0] = vm.addr(OTHER_KEY);
        receiver.setSolvers(extra, true);
        assertTrue(receiver.isSolver(extra[0]), "added");
        Attestation memory a = _native();
        _payNative(a, sign65(OTHER_KEY, _digest(a)), AMOUNT);
        Attestation memory b = _native();
        _payNative(b, _sign(b), AMOUNT); // The primary still works.

        receiver.setSolvers(extra, false);
        Attestation memory c = _native();
        bytes memory sig = sign65(OTHER_KEY, _digest(c));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, extra[0]));
        _payNative(c, sig, AMOUNT);
    }

    function testPrimarySolverUnsetRejectsMalformedSignature() public {
        // With no primary solver, a malformed signature (recovering nothing) must not match the
        // empty slot.
        receiver.setPrimarySolver(address(0));
        Attestation memory a = _native();
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bytes32(0)));
        _payNative(a, new bytes(65), AMOUNT);
    }

    function testContractSolver() public {
        DevnetContractSolver wallet = new DevnetContractSolver(vm.addr(OTHER_KEY));
        address[] memory list = new address[](1);
        list[0] = address(wallet);
        receiver.setContractSolvers(list);
        assertTrue(receiver.isSolver(address(wallet)), "listed");
        Attestation memory a = _native();
        _payNative(a, sign65(OTHER_KEY, _digest(a)), AMOUNT);
        assertEq(receiver.payerOf(a.requestId), payer, "ERC-1271 solver accepted");

        // A key the wallet does not accept is reported by its ECDSA signer.
        Attestation memory b = _native();
        bytes memory sig = sign65(0xBADBAD, _digest(b));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(0xBADBAD)));
        _payNative(b, sig, AMOUNT);

        receiver.setContractSolvers(new address[](0));
        Attestation memory c = _native();
        sig = sign65(OTHER_KEY, _digest(c));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, vm.addr(OTHER_KEY)));
        _payNative(c, sig, AMOUNT);
    }

    function testContractSolverListLimits() public {
        address[] memory tooMany = new address[](5);
        for (uint256 i; i < 5; ++i) tooMany[i] = address(new DevnetContractSolver(address(0x5017)));
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.TooManyContractSolvers.selector, 5, 4));
        receiver.setContractSolvers(tooMany);
        address[] memory eoa = new address[](1);
        eoa[0] = address(0xE0A);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.ContractSolverHasNoCode.selector, address(0xE0A)));
        receiver.setContractSolvers(eoa);
    }

    /*//////////////////////////////////////////////////////////////
                       PAUSE, OWNER, REENTRANCY, ETH
    //////////////////////////////////////////////////////////////*/

    function testPausedReverts() public {
        receiver.setPaused(true);
        assertTrue(receiver.paused(), "paused");
        Attestation memory a = _native();
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.ReceiverPaused.selector));
        _payNative(a, sig, AMOUNT);
        receiver.setPaused(false);
        _payNative(a, sig, AMOUNT);
        assertEq(receiver.payerOf(a.requestId), payer, "paid after resuming");
    }

    function testPauseKeepsTheSolverSlot() public {
        receiver.setPaused(true);
        receiver.setAllowAnyRecipient(true);
        assertEq(receiver.primarySolver(), solver, "flags do not clobber the packed solver");
        receiver.setPrimarySolver(address(0xABC));
        assertTrue(receiver.paused() && receiver.allowAnyRecipient(), "solver does not clobber the flags");
    }

    function testOnlyOwnerConfigures() public {
        bytes memory err = abi.encodeWithSelector(TwoStepOwnable.OwnableUnauthorized.selector, payer);
        vm.startPrank(payer);
        vm.expectRevert(err);
        receiver.setPaused(true);
        vm.expectRevert(err);
        receiver.setPrimarySolver(payer);
        vm.expectRevert(err);
        receiver.setSolvers(new address[](1), true);
        vm.expectRevert(err);
        receiver.setContractSolvers(new address[](0));
        vm.expectRevert(err);
        receiver.setRecipients(new IAttestedDepositReceiver.Recipient[](0), true);
        vm.expectRevert(err);
        receiver.setAllowAnyRecipient(true);
        vm.expectRevert(err);
        receiver.transferOwnership(payer);
        vm.stopPrank();
    }

    function testTwoStepOwnership() public {
        receiver.transferOwnership(payer);
        assertEq(receiver.owner(), address(this), "not moved yet");
        vm.prank(address(0xCAFE));
        vm.expectRevert(abi.encodeWithSelector(TwoStepOwnable.OwnableUnauthorized.selector, address(0xCAFE)));
        receiver.acceptOwnership();
        vm.prank(payer);
        receiver.acceptOwnership();
        assertEq(receiver.owner(), payer, "moved");
        assertEq(receiver.pendingOwner(), address(0), "offer consumed");
    }

    function testReentrancyIsClosed() public {
        ReentrantToken evil = new ReentrantToken();
        evil.mint(payer, 10 ether);
        vm.prank(payer);
        evil.approve(address(receiver), type(uint256).max);
        Attestation memory inner = _native();
        evil.arm(receiver, abi.encodeCall(receiver.payNative, (inner, _sign(inner), DEADLINE)));
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(evil)))));
        vm.prank(payer);
        receiver.payErc20(address(evil), a, _sign(a), DEADLINE);
        assertTrue(evil.reentered(), "the token tried");
        assertEq(evil.reentryError(), abi.encodeWithSelector(ReentrancyGuardTransient.Reentrancy.selector), "refused");
        assertEq(receiver.payerOf(inner.requestId), address(0), "inner payment did not happen");
        assertEq(receiver.payerOf(a.requestId), payer, "outer payment did");
    }

    function testPlainTransferIsAcceptedAndValueElsewhereRefused() public {
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.Received(payer, 1);
        vm.prank(payer);
        (bool ok,) = address(receiver).call{value: 1}("");
        assertTrue(ok, "plain transfers (refunds) are accepted");
        vm.prank(payer);
        (ok,) = address(receiver).call{value: 1}(hex"deadbeef");
        assertFalse(ok, "unknown selector refused");
        vm.prank(payer);
        (ok,) = address(receiver).call{value: 1}(abi.encodeCall(receiver.setPaused, (false)));
        assertFalse(ok, "non-payable configuration refuses value");
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        vm.prank(payer);
        (ok,) = address(receiver).call{value: 1}(abi.encodeCall(receiver.payErc20, (address(token), a, _sign(a), DEADLINE)));
        assertFalse(ok, "payErc20 refuses value");
        assertEq(address(receiver).balance, 1, "only the plain transfer is held");
        receiver.sweep(address(0), address(0xF00D), 1);
        assertEq(address(receiver).balance, 0, "and can be swept");
    }

    function testConstructorRejectsDepositoryWithoutCode() public {
        vm.expectRevert(abi.encodeWithSelector(IAttestedDepositReceiver.DepositoryHasNoCode.selector, address(0xDE9)));
        new AttestedDepositReceiver(
            address(this),
            address(0xDE9),
            solver,
            new address[](0),
            new address[](0),
            new IAttestedDepositReceiver.Recipient[](0),
            false
        );
    }

    /*//////////////////////////////////////////////////////////////
                   ATTACK: v1 / v2 LAYOUT COLLISION
    //////////////////////////////////////////////////////////////*/

    /// @dev A genuine `/signature/v2` answer for a request of this receiver, and the same words
    /// read as a v1 tuple: v2's destinationChainId becomes a dust `originAmount`, its
    /// destinationUser the v1 `destinationChainId`, its destinationCurrency the v1 `destinationUser`.
    function _v2AsV1(bytes32 currency) internal returns (Attestation memory forged, bytes memory sig) {
        AttestationV2 memory v2 = AttestationV2({
            requestId: keccak256(abi.encode("v2 request", ++nonce)),
            originChainId: block.chainid,
            originUser: bytes32(uint256(uint160(address(receiver)))),
            originCurrency: currency,
            destinationChainId: 8453,
            destinationUser: DEST_USER,
            destinationCurrency: bytes32(uint256(uint160(address(token))))
        });
        sig = sign65(SOLVER_KEY, keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(v2)))));
        forged = Attestation(
            v2.requestId,
            v2.originChainId,
            v2.originUser,
            v2.originCurrency,
            v2.destinationChainId,
            uint256(v2.destinationUser),
            v2.destinationCurrency
        );
        assertEq(_digest(forged), keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(v2)))), "same digest");
    }

    function _expectChainIdOutOfRange(uint256 chainId) internal {
        _expect(abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, chainId));
    }

    function testAttackV2AsV1NativeAnyRecipientReverts() public {
        receiver.setAllowAnyRecipient(true);
        (Attestation memory forged, bytes memory sig) = _v2AsV1(bytes32(0));
        _expectChainIdOutOfRange(uint256(DEST_USER));
        _payNative(forged, sig, 8453);
        assertEq(receiver.payerOf(forged.requestId), address(0), "the request is not burnt");
    }

    function testAttackV2AsV1NativeWhitelistedReverts() public {
        (Attestation memory forged, bytes memory sig) = _v2AsV1(bytes32(0));
        // Even with the forged destination whitelisted, the layout rule refuses it.
        IAttestedDepositReceiver.Recipient[] memory r = new IAttestedDepositReceiver.Recipient[](1);
        r[0] = IAttestedDepositReceiver.Recipient({chainId: forged.destinationChainId, user: forged.destinationUser});
        receiver.setRecipients(r, true);
        _expectChainIdOutOfRange(uint256(DEST_USER));
        _payNative(forged, sig, 8453);
    }

    function testAttackV2AsV1Erc20Reverts() public {
        bytes32 currency = bytes32(uint256(uint160(address(token))));
        for (uint256 mode; mode < 2; ++mode) {
            receiver.setAllowAnyRecipient(mode == 1);
            (Attestation memory forged, bytes memory sig) = _v2AsV1(currency);
            _expectChainIdOutOfRange(uint256(DEST_USER));
            vm.prank(payer);
            receiver.payErc20(address(token), forged, sig, DEADLINE);
        }
        assertEq(token.balanceOf(address(depository)), 0, "nothing forwarded");
    }

    function testAttackV2AsV1DoesNotBlockTheRealPayment() public {
        receiver.setAllowAnyRecipient(true);
        (Attestation memory forged, bytes memory sig) = _v2AsV1(bytes32(0));
        (bool ok,) = _tryPayNative(forged, sig, 8453);
        assertFalse(ok, "forgery refused");
        // The genuine v1 attestation of the same request still pays.
        Attestation memory real = forged;
        real.originAmount = AMOUNT;
        real.destinationChainId = 8453;
        real.destinationUser = DEST_USER;
        _payNative(real, _sign(real), AMOUNT);
        assertEq(receiver.payerOf(real.requestId), payer, "the real payer paid");
    }

    function testFuzzDestinationChainIdRange(uint256 chainId) public {
        receiver.setAllowAnyRecipient(true);
        Attestation memory a = _native();
        a.destinationChainId = chainId;
        bytes memory sig = _sign(a);
        if (chainId > MAX_CHAIN_ID) _expectChainIdOutOfRange(chainId);
        _payNative(a, sig, AMOUNT);
    }

    function testChainIdTwoToThe53Reverts() public {
        receiver.setAllowAnyRecipient(true);
        Attestation memory a = _native();
        a.destinationChainId = 2 ** 53;
        bytes memory sig = _sign(a);
        _expectChainIdOutOfRange(2 ** 53);
        _payNative(a, sig, AMOUNT);
        a.destinationChainId = MAX_CHAIN_ID;
        _payNative(a, _sign(a), AMOUNT);
        assertEq(receiver.payerOf(a.requestId), payer, "2^53 - 1 pays");
    }

    function testSmallDestinationUserReverts() public {
        receiver.setAllowAnyRecipient(true);
        Attestation memory a = _native();
        a.destinationUser = bytes32(MAX_CHAIN_ID);
        bytes memory sig = _sign(a);
        _expect(abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, bytes32(MAX_CHAIN_ID)));
        _payNative(a, sig, AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                 ATTACK: ERC-1271 PATH SKIPPING THE RULES
    //////////////////////////////////////////////////////////////*/

    function _withContractSolver() internal returns (DevnetContractSolver wallet) {
        wallet = new DevnetContractSolver(vm.addr(OTHER_KEY));
        address[] memory list = new address[](1);
        list[0] = address(wallet);
        receiver.setContractSolvers(list);
    }

    function testContractSolverNeverSeesAHighSSignature() public {
        _withContractSolver();
        Attestation memory a = _native();
        bytes memory sig = sign65(OTHER_KEY, _digest(a));
        bytes32 r;
        uint256 sv;
        uint8 v = uint8(sig[64]);
        assembly {
            r := mload(add(sig, 0x20))
            sv := mload(add(sig, 0x40))
        }
        // The malleable twin, which the wallet's ECDSA alone would accept.
        bytes memory twin = abi.encodePacked(r, bytes32(N - sv), v == 27 ? uint8(28) : uint8(27));
        _expect(abi.encodeWithSelector(AttestationLib.AttestationHighSignatureS.selector, bytes32(N - sv)));
        _payNative(a, twin, AMOUNT);
        _payNative(a, sig, AMOUNT); // The canonical one pays.
    }

    function testContractSolverNeverSeesA64ByteSignature() public {
        _withContractSolver();
        Attestation memory a = _native();
        bytes memory sig = sign65(OTHER_KEY, _digest(a));
        bytes32 r;
        bytes32 sv;
        assembly {
            r := mload(add(sig, 0x20))
            sv := mload(add(sig, 0x40))
        }
        // EIP-2098 compact form: the wallet's ECDSA accepts it, the rules do not.
        bytes32 vs = uint8(sig[64]) == 28 ? sv | bytes32(uint256(1) << 255) : sv;
        _expect(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 64));
        _payNative(a, abi.encodePacked(r, vs), AMOUNT);
    }

    function testContractSolverRejectsZeroSigner() public {
        vm.expectRevert(abi.encodeWithSelector(DevnetContractSolver.ZeroSigner.selector));
        new DevnetContractSolver(address(0));
    }

    /*//////////////////////////////////////////////////////////////
                         REFUNDS TO THE RECEIVER
    //////////////////////////////////////////////////////////////*/

    /// @dev A paid request whose refund the service then sends to the receiver (its `user`).
    function _paidNative() internal returns (bytes32 requestId) {
        Attestation memory a = _native();
        _payNative(a, _sign(a), AMOUNT);
        return a.requestId;
    }

    function testNativeRefundReachesThePayer() public {
        bytes32 id = _paidNative();
        // The service's refund: a plain transfer out of the depository.
        depository.devnetWithdrawNative(address(receiver), AMOUNT);
        assertEq(address(receiver).balance, AMOUNT, "the refund arrived");
        uint256 before = payer.balance;
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.Refunded(id, payer, address(0), AMOUNT);
        receiver.refund(id, address(0), AMOUNT, AMOUNT);
        assertEq(payer.balance, before + AMOUNT, "payer refunded");
        assertEq(address(receiver).balance, 0, "nothing stuck");
        assertEq(receiver.refundedOf(id), AMOUNT, "refund recorded");
    }

    function testErc20RefundReachesThePayer() public {
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        vm.prank(payer);
        receiver.payErc20(address(token), a, _sign(a), DEADLINE);
        depository.devnetWithdrawErc20(address(token), address(receiver), AMOUNT);
        uint256 before = token.balanceOf(payer);
        receiver.refund(a.requestId, address(token), AMOUNT, AMOUNT);
        assertEq(token.balanceOf(payer), before + AMOUNT, "payer refunded");
        assertEq(token.balanceOf(address(receiver)), 0, "nothing stuck");
    }

    /// @dev A refund in another currency than the request paid (here a fee-on-transfer token for a
    /// native payment) is outside `refund`'s bound: the owner sweeps it to the payer.
    function testFeeOnTransferRefundInAnotherCurrencyIsSwept() public {
        bytes32 id = _paidNative();
        DevnetFeeOnTransferToken fee = new DevnetFeeOnTransferToken(100); // 1%.
        fee.mint(address(depository), 10 ether);
        depository.devnetWithdrawErc20(address(fee), address(receiver), 1 ether);
        uint256 held = fee.balanceOf(address(receiver));
        assertEq(held, 0.99 ether, "the refund arrived less the fee");
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RefundPaymentMismatch.selector, id, address(fee), held));
        receiver.refund(id, address(fee), held, held);
        receiver.sweep(address(fee), payer, held);
        assertEq(fee.balanceOf(payer), held * 99 / 100, "payer got it, less the token's own fee");
        assertEq(fee.balanceOf(address(receiver)), 0, "nothing stuck");
        assertEq(receiver.refundedOf(id), 0, "a sweep is no refund of the request");
    }

    function testRefundOfAnUnpaidRequestReverts() public {
        depository.devnetWithdrawNative(address(receiver), 0); // Nothing, but a real call.
        vm.deal(address(receiver), 1 ether);
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RequestNotPaid.selector, keccak256("never")));
        receiver.refund(keccak256("never"), address(0), 1 ether, 1 ether);
    }

    function testOnlyOwnerRefundsAndSweeps() public {
        bytes32 id = _paidNative();
        vm.deal(address(receiver), 1 ether);
        bytes memory err = abi.encodeWithSelector(TwoStepOwnable.OwnableUnauthorized.selector, payer);
        vm.startPrank(payer);
        vm.expectRevert(err);
        receiver.refund(id, address(0), AMOUNT, 1 ether);
        vm.expectRevert(err);
        receiver.sweep(address(0), payer, 1 ether);
        vm.stopPrank();
    }

    function testSweepToAnOwnerChosenAddress() public {
        bytes32 id = _paidNative();
        id; // Paid, but its payer cannot take native currency: the owner sweeps instead.
        EtherRefuser refuser = new EtherRefuser();
        vm.deal(address(refuser), 10 ether);
        Attestation memory a = _native();
        vm.prank(address(refuser));
        receiver.payNative{value: AMOUNT}(a, _sign(a), DEADLINE);
        depository.devnetWithdrawNative(address(receiver), AMOUNT);
        _expect(abi.encodeWithSelector(SafeTransferLib.ETHTransferFailed.selector));
        receiver.refund(a.requestId, address(0), AMOUNT, AMOUNT);
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.Swept(address(0), address(0xF00D), AMOUNT);
        receiver.sweep(address(0), address(0xF00D), AMOUNT);
        assertEq(address(0xF00D).balance, AMOUNT, "swept");
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.ZeroRecipient.selector));
        receiver.sweep(address(0), address(0), 0);
    }

    /*//////////////////////////////////////////////////////////////
                    REFUNDS: BOUNDED BY THE PAYMENT
    //////////////////////////////////////////////////////////////*/

    address internal constant OTHER_PAYER = address(0x07E4);

    /// @dev Two payers' requests, both refunded to this receiver: what it holds belongs to both.
    function _twoRefundedRequests() internal returns (bytes32 mine, bytes32 theirs) {
        mine = _paidNative();
        Attestation memory a = _native();
        vm.deal(OTHER_PAYER, AMOUNT);
        vm.prank(OTHER_PAYER);
        receiver.payNative{value: AMOUNT}(a, _sign(a), DEADLINE);
        theirs = a.requestId;
        depository.devnetWithdrawNative(address(receiver), 2 * AMOUNT);
    }

    /// @dev The same refund sent twice would hand the payer the other payer's refund.
    function testAttackRefundOfTheSameRequestTwiceReverts() public {
        (bytes32 mine, bytes32 theirs) = _twoRefundedRequests();
        receiver.refund(mine, address(0), AMOUNT, AMOUNT);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RefundExceedsPayment.selector, mine, AMOUNT, AMOUNT, AMOUNT)
        );
        receiver.refund(mine, address(0), AMOUNT, AMOUNT);
        assertEq(address(receiver).balance, AMOUNT, "the other payer's refund is still here");
        receiver.refund(theirs, address(0), AMOUNT, AMOUNT);
        assertEq(OTHER_PAYER.balance, AMOUNT, "and reaches its payer");
    }

    function testAttackRefundOfMoreThanWasPaidReverts() public {
        (bytes32 mine,) = _twoRefundedRequests();
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RefundExceedsPayment.selector, mine, AMOUNT, 0, AMOUNT + 1)
        );
        receiver.refund(mine, address(0), AMOUNT, AMOUNT + 1);
    }

    /// @dev The owner cannot lift the bound by stating a bigger payment, or another currency: the
    /// statement is checked against what the payment recorded.
    function testAttackRefundStatingAnotherPaymentReverts() public {
        (bytes32 mine,) = _twoRefundedRequests();
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RefundPaymentMismatch.selector, mine, address(0), 2 * AMOUNT)
        );
        receiver.refund(mine, address(0), 2 * AMOUNT, 2 * AMOUNT);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RefundPaymentMismatch.selector, mine, address(token), AMOUNT)
        );
        receiver.refund(mine, address(token), AMOUNT, AMOUNT);
        assertEq(address(receiver).balance, 2 * AMOUNT, "nothing sent");
    }

    /// @dev A token payment is refunded in that token only: native funds held here are not its.
    function testAttackRefundOfATokenPaymentInNativeReverts() public {
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(token)))));
        vm.prank(payer);
        receiver.payErc20(address(token), a, _sign(a), DEADLINE);
        vm.deal(address(receiver), AMOUNT);
        _expect(
            abi.encodeWithSelector(IAttestedDepositReceiver.RefundPaymentMismatch.selector, a.requestId, address(0), AMOUNT)
        );
        receiver.refund(a.requestId, address(0), AMOUNT, AMOUNT);
    }

    function testRefundsInPartsAddUpToThePayment() public {
        (bytes32 mine,) = _twoRefundedRequests();
        uint256 before = payer.balance;
        vm.expectEmit(address(receiver));
        emit IAttestedDepositReceiver.Refunded(mine, payer, address(0), AMOUNT / 4);
        receiver.refund(mine, address(0), AMOUNT, AMOUNT / 4);
        receiver.refund(mine, address(0), AMOUNT, AMOUNT - AMOUNT / 4);
        assertEq(receiver.refundedOf(mine), AMOUNT, "the whole payment refunded");
        assertEq(payer.balance, before + AMOUNT, "payer got exactly what it paid");
        _expect(abi.encodeWithSelector(IAttestedDepositReceiver.RefundExceedsPayment.selector, mine, AMOUNT, AMOUNT, 1));
        receiver.refund(mine, address(0), AMOUNT, 1);
    }

    function testFuzzRefundsNeverExceedThePayment(uint256[4] memory amounts) public {
        (bytes32 mine,) = _twoRefundedRequests();
        uint256 refunded;
        for (uint256 i; i < amounts.length; ++i) {
            uint256 amount = bound(amounts[i], 0, AMOUNT);
            if (refunded + amount > AMOUNT) {
                _expect(
                    abi.encodeWithSelector(
                        IAttestedDepositReceiver.RefundExceedsPayment.selector, mine, AMOUNT, refunded, amount
                    )
                );
            } else {
                refunded += amount;
            }
            receiver.refund(mine, address(0), AMOUNT, amount);
            assertEq(receiver.refundedOf(mine), refunded, "the ledger is the sum sent");
        }
        assertEq(address(receiver).balance, 2 * AMOUNT - refunded, "only this payer's share left");
    }

    /*//////////////////////////////////////////////////////////////
                          REBASING TOKENS
    //////////////////////////////////////////////////////////////*/

    function testPayErc20WithRebasingTokenRevertsWithAmountMismatch() public {
        RebasingToken steth = new RebasingToken();
        steth.mintShares(payer, 10 ether);
        vm.prank(payer);
        steth.approve(address(receiver), type(uint256).max);
        Attestation memory a = _attestation(bytes32(uint256(uint160(address(steth)))));
        bytes memory sig = _sign(a);
        (bool ok, bytes memory err) = _tryPayErc20(address(steth), a, sig);
        assertFalse(ok, "a share-rounded transfer does not pay");
        assertEq(bytes4(err), IAttestedDepositReceiver.AmountMismatch.selector, "AmountMismatch");
        (uint256 signed, uint256 received) = abi.decode(_slice4(err), (uint256, uint256));
        assertEq(signed, AMOUNT, "the signed amount");
        assertTrue(received < AMOUNT && received >= AMOUNT - 2, "1-2 wei short");
    }

    function _tryPayErc20(address t, Attestation memory a, bytes memory sig) internal returns (bool ok, bytes memory err) {
        vm.prank(payer);
        (ok, err) = address(receiver).call(abi.encodeCall(receiver.payErc20, (t, a, sig, DEADLINE)));
    }

    function _slice4(bytes memory err) internal pure returns (bytes memory out) {
        out = new bytes(err.length - 4);
        for (uint256 i; i < out.length; ++i) out[i] = err[i + 4];
    }
}
