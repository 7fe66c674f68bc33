// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA as OzECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {AttestationVerifier} from "../../packages/attestkit/contracts/AttestationVerifier.sol";
import {Attestation, AttestationV2, AttestationLib} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {Test} from "./utils/Test.sol";

/// @dev Exposes the library's non-reverting recovery with its result code.
contract AttestationLibHarness {
    function tryRecover(bytes32 digest, bytes calldata signature) external view returns (address, uint256) {
        return AttestationLib.tryRecover(digest, signature);
    }

    function hashV1(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    function tryCheckLayout(Attestation calldata a) external pure returns (uint256, bytes32) {
        return AttestationLib.tryCheckLayout(a);
    }

    function tryCheckLayoutV2(AttestationV2 calldata a) external pure returns (uint256, bytes32) {
        return AttestationLib.tryCheckLayout(a);
    }
}

contract AttestationVerifierTest is Test {
    uint256 internal constant SOLVER_KEY = 0xA11CE;
    uint256 internal constant HALF_N = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;
    uint256 internal constant MAX_CHAIN_ID = 2 ** 53 - 1;
    bytes32 internal constant USDC = bytes32(uint256(uint160(0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913)));

    AttestationVerifier internal verifier;
    AttestationLibHarness internal harness;
    address internal solver;

    function setUp() public {
        verifier = new AttestationVerifier();
        harness = new AttestationLibHarness();
        solver = vm.addr(SOLVER_KEY);
    }

    function _attestation(bytes32 requestId) internal pure returns (Attestation memory) {
        return Attestation({
            requestId: requestId,
            originChainId: 8453,
            originUser: bytes32(uint256(uint160(0x1111111111111111111111111111111111111111))),
            originCurrency: bytes32(0),
            originAmount: 1 ether,
            destinationChainId: 1,
            destinationUser: bytes32(uint256(uint160(0x2222222222222222222222222222222222222222)))
        });
    }

    /// @dev The digest computed independently of the library: EIP-191 over `keccak256(abi.encode(a))`.
    function _digest(Attestation memory a) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(a))));
    }

    function _split(bytes memory sig) internal pure returns (bytes32 r, bytes32 s, uint8 v) {
        assembly {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
            v := byte(0, mload(add(sig, 0x60)))
        }
    }

    /// @dev A fuzzed v1 tuple moved into the layout rule: chain ids bounded, small accounts lifted.
    function _layoutValid(Attestation calldata fuzzed) internal pure returns (Attestation memory a) {
        a = fuzzed;
        a.originChainId = bound(a.originChainId, 0, MAX_CHAIN_ID);
        a.destinationChainId = bound(a.destinationChainId, 0, MAX_CHAIN_ID);
        a.originUser = _account(a.originUser);
        a.destinationUser = _account(a.destinationUser);
    }

    function _layoutValidV2(AttestationV2 calldata fuzzed) internal pure returns (AttestationV2 memory a) {
        a = fuzzed;
        a.originChainId = bound(a.originChainId, 0, MAX_CHAIN_ID);
        a.destinationChainId = bound(a.destinationChainId, 0, MAX_CHAIN_ID);
        a.originUser = _account(a.originUser);
        a.destinationUser = _account(a.destinationUser);
    }

    function _account(bytes32 word) internal pure returns (bytes32) {
        return bytes32(bound(uint256(word), MAX_CHAIN_ID + 1, type(uint256).max));
    }

    function _digestV2(AttestationV2 memory a) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(a))));
    }

    /// @dev The same seven words read in the other layout.
    function _asV1(AttestationV2 memory a) internal pure returns (Attestation memory) {
        return Attestation(
            a.requestId,
            a.originChainId,
            a.originUser,
            a.originCurrency,
            a.destinationChainId,
            uint256(a.destinationUser),
            a.destinationCurrency
        );
    }

    function _asV2(Attestation memory a) internal pure returns (AttestationV2 memory) {
        return AttestationV2(
            a.requestId,
            a.originChainId,
            a.originUser,
            a.originCurrency,
            a.originAmount,
            bytes32(a.destinationChainId),
            a.destinationUser
        );
    }

    function _signed(bytes32 requestId) internal pure returns (Attestation memory a, bytes memory sig) {
        a = _attestation(requestId);
        sig = sign65(SOLVER_KEY, _digest(a));
    }

    /// @dev A request id whose solver signature has the wanted `v`.
    function _signedWithV(uint8 wantV) internal pure returns (Attestation memory a, bytes memory sig) {
        for (uint256 i;; ++i) {
            (a, sig) = _signed(bytes32(i));
            (,, uint8 v) = _split(sig);
            if (v == wantV) return (a, sig);
        }
    }

    /*//////////////////////////////////////////////////////////////
                               HASHING
    //////////////////////////////////////////////////////////////*/

    function testFuzzHashEqualsAbiEncode(Attestation calldata fuzzed) public view {
        Attestation memory a = _layoutValid(fuzzed);
        assertEq(verifier.hashAttestation(a), keccak256(abi.encode(a)), "v1 hash");
        assertEq(harness.hashV1(a), keccak256(abi.encode(a)), "library hash");
        assertEq(verifier.digestAttestation(a), _digest(a), "v1 digest");
    }

    function testFuzzHashV2EqualsAbiEncode(AttestationV2 calldata fuzzed) public view {
        AttestationV2 memory a = _layoutValidV2(fuzzed);
        bytes32 h = keccak256(abi.encode(a));
        assertEq(verifier.hashAttestationV2(a), h, "v2 hash");
        assertEq(
            verifier.digestAttestationV2(a),
            keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", h)),
            "v2 digest"
        );
    }

    /// @dev No hash or digest of a tuple that breaks the layout rule is handed out: a contract that
    /// feeds the verifier's digest to ecrecover cannot verify a v2 signature read as v1.
    function testHashAndDigestOfV2SignatureReadAsV1Revert() public {
        (AttestationV2 memory v2,) = _v2Signed();
        Attestation memory forged = _asV1(v2);
        bytes memory err =
            abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, uint256(v2.destinationUser));
        vm.expectRevert(err);
        verifier.hashAttestation(forged);
        vm.expectRevert(err);
        verifier.digestAttestation(forged);
        vm.expectRevert(err);
        harness.hashV1(forged);
        // And the reverse reading.
        (Attestation memory v1,) = _signed(keccak256("a v1 request"));
        v1.originAmount = 1_000_000;
        err = abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, bytes32(v1.destinationChainId));
        vm.expectRevert(err);
        verifier.hashAttestationV2(_asV2(v1));
        vm.expectRevert(err);
        verifier.digestAttestationV2(_asV2(v1));
    }

    function testHashBindsEveryField() public view {
        Attestation memory a = _attestation(bytes32(uint256(1)));
        bytes32 base = verifier.hashAttestation(a);
        for (uint256 i; i < 7; ++i) {
            Attestation memory b = _attestation(bytes32(uint256(1)));
            assembly {
                let p := add(b, mul(i, 0x20))
                mstore(p, add(mload(p), 1))
            }
            assertTrue(verifier.hashAttestation(b) != base, "a changed field changes the hash");
        }
    }

    /*//////////////////////////////////////////////////////////////
                              RECOVERY
    //////////////////////////////////////////////////////////////*/

    function testRecoverSigner() public view {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("default"));
        assertEq(verifier.recoverSigner(a, sig), solver, "signer");
        assertTrue(verifier.isValid(a, sig, solver), "valid for the solver");
    }

    function testFuzzRecoverSignerWithRandomKey(uint256 keySeed, Attestation calldata fuzzed) public view {
        Attestation memory a = _layoutValid(fuzzed);
        uint256 key = toPrivateKey(keySeed);
        bytes memory sig = sign65(key, _digest(a));
        assertEq(verifier.recoverSigner(a, sig), vm.addr(key), "signer");
        assertTrue(verifier.isValid(a, sig, vm.addr(key)), "valid");
        (address signer, uint256 code) = harness.tryRecover(_digest(a), sig);
        assertEq(code, 0, "code");
        assertEq(signer, vm.addr(key), "tryRecover signer");
    }

    function testRecoverWithV27AndV28() public view {
        for (uint8 v = 27; v <= 28; ++v) {
            (Attestation memory a, bytes memory sig) = _signedWithV(v);
            assertEq(verifier.recoverSigner(a, sig), solver, "signer");
        }
    }

    function testRecoverWithV0AndV1ReadAs27And28() public view {
        for (uint8 v = 27; v <= 28; ++v) {
            (Attestation memory a, bytes memory sig) = _signedWithV(v);
            sig[64] = bytes1(v - 27);
            assertEq(verifier.recoverSigner(a, sig), solver, "raw recovery id accepted");
            assertTrue(verifier.isValid(a, sig, solver), "valid");
        }
    }

    function testRecoverWithOtherVReverts() public {
        uint8[6] memory bad = [uint8(2), 26, 29, 30, 127, 255];
        (Attestation memory a, bytes memory sig) = _signed(keccak256("v"));
        for (uint256 i; i < bad.length; ++i) {
            sig[64] = bytes1(bad[i]);
            vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureV.selector, bad[i]));
            verifier.recoverSigner(a, sig);
            assertFalse(verifier.isValid(a, sig, solver), "isValid is false");
        }
    }

    function testFuzzRecoverWithCorruptVReverts(uint8 v) public {
        vm.assume(v != 0 && v != 1 && v != 27 && v != 28);
        (Attestation memory a, bytes memory sig) = _signed(keccak256("fuzz-v"));
        sig[64] = bytes1(v);
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureV.selector, v));
        verifier.recoverSigner(a, sig);
    }

    function testRecoverWithLength64Reverts() public {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("len"));
        (bytes32 r, bytes32 s, uint8 v) = _split(sig);
        // The EIP-2098 compact form of the same valid signature: deliberately rejected.
        bytes memory compact = abi.encodePacked(r, bytes32(uint256(s) | (uint256(v - 27) << 255)));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 64));
        verifier.recoverSigner(a, compact);
        assertFalse(verifier.isValid(a, compact, solver), "isValid is false");
    }

    function testRecoverWithLength66Reverts() public {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("len"));
        bytes memory longer = abi.encodePacked(sig, bytes1(0));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 66));
        verifier.recoverSigner(a, longer);
        assertFalse(verifier.isValid(a, longer, solver), "isValid is false");
    }

    function testRecoverWithEmptySignatureReverts() public {
        Attestation memory a = _attestation(bytes32(0));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, 0));
        verifier.recoverSigner(a, "");
    }

    function testFuzzRecoverWithWrongLengthReverts(bytes calldata sig) public {
        vm.assume(sig.length != 65);
        Attestation memory a = _attestation(bytes32(0));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureLength.selector, sig.length));
        verifier.recoverSigner(a, sig);
        assertFalse(verifier.isValid(a, sig, solver), "isValid is false");
    }

    function testRecoverWithZeroSignatureReverts() public {
        // v = 0 is read as 27, so the first rule broken is r == 0.
        Attestation memory a = _attestation(bytes32(0));
        bytes memory zero = new bytes(65);
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bytes32(0)));
        verifier.recoverSigner(a, zero);
        assertFalse(verifier.isValid(a, zero, address(0)), "never valid, not even for the zero address");
    }

    function testRecoverWithHighSReverts() public {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("high-s"));
        (bytes32 r, bytes32 s, uint8 v) = _split(sig);
        // The malleable twin: (r, n - s, flipped v) recovers the same key under plain ecrecover.
        bytes32 highS = bytes32(N - uint256(s));
        bytes memory twin = abi.encodePacked(r, highS, v == 27 ? uint8(28) : uint8(27));
        assertEq(ecrecover(_digest(a), v == 27 ? 28 : 27, r, highS), solver, "twin recovers under raw ecrecover");
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationHighSignatureS.selector, highS));
        verifier.recoverSigner(a, twin);
        assertFalse(verifier.isValid(a, twin, solver), "isValid is false");
    }

    function testRecoverAtHalfNBoundary() public view {
        Attestation memory a = _attestation(bytes32(0));
        (, bytes memory sig) = _signed(bytes32(0));
        (bytes32 r,,) = _split(sig);
        (, uint256 atHalf) = harness.tryRecover(_digest(a), abi.encodePacked(r, bytes32(HALF_N), uint8(27)));
        assertTrue(atHalf != AttestationLib.ERR_HIGH_S, "s == n/2 is not high");
        (, uint256 aboveHalf) = harness.tryRecover(_digest(a), abi.encodePacked(r, bytes32(HALF_N + 1), uint8(27)));
        assertEq(aboveHalf, AttestationLib.ERR_HIGH_S, "s == n/2 + 1 is high");
    }

    function testRecoverWithInvalidRReverts() public {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("r"));
        (, bytes32 s, uint8 v) = _split(sig);
        bytes32[3] memory bad = [bytes32(0), bytes32(N), bytes32(type(uint256).max)];
        for (uint256 i; i < bad.length; ++i) {
            bytes memory broken = abi.encodePacked(bad[i], s, v);
            vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureR.selector, bad[i]));
            verifier.recoverSigner(a, broken);
            assertFalse(verifier.isValid(a, broken, solver), "isValid is false");
        }
    }

    function testRecoverWithZeroSReverts() public {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("s"));
        (bytes32 r,, uint8 v) = _split(sig);
        bytes memory broken = abi.encodePacked(r, bytes32(0), v);
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationInvalidSignatureS.selector, bytes32(0)));
        verifier.recoverSigner(a, broken);
    }

    function testRecoverUnrecoverableReverts() public {
        Attestation memory a = _attestation(bytes32(0));
        bytes32 digest = _digest(a);
        // Find an r below n that is not the x-coordinate of a curve point.
        uint256 r = 1;
        while (ecrecover(digest, 27, bytes32(r), bytes32(uint256(1))) != address(0)) ++r;
        bytes memory sig = abi.encodePacked(bytes32(r), bytes32(uint256(1)), uint8(27));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationUnrecoverableSignature.selector, bytes32(r)));
        verifier.recoverSigner(a, sig);
        assertFalse(verifier.isValid(a, sig, address(0)), "isValid is false");
    }

    function testFuzzRecoverWithCorruptRNeverYieldsSolver(uint256 r) public view {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("fuzz-r"));
        (bytes32 r0, bytes32 s, uint8 v) = _split(sig);
        vm.assume(bytes32(r) != r0);
        (address signer, uint256 code) = harness.tryRecover(_digest(a), abi.encodePacked(bytes32(r), s, v));
        if (r == 0 || r >= N) assertEq(code, AttestationLib.ERR_R, "r out of range");
        else assertTrue(code == AttestationLib.ERR_UNRECOVERABLE || (code == 0 && signer != solver), "other r");
    }

    function testFuzzRecoverWithCorruptSNeverYieldsSolver(uint256 s) public view {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("fuzz-s"));
        (bytes32 r, bytes32 s0, uint8 v) = _split(sig);
        vm.assume(bytes32(s) != s0);
        (address signer, uint256 code) = harness.tryRecover(_digest(a), abi.encodePacked(r, bytes32(s), v));
        if (s == 0) assertEq(code, AttestationLib.ERR_S, "zero s");
        else if (s > HALF_N) assertEq(code, AttestationLib.ERR_HIGH_S, "high s");
        else assertTrue(code == 0 && signer != solver, "other s recovers someone else");
    }

    function testFuzzDifferentialWithOpenZeppelin(uint256 keySeed, bytes32 digest, uint256 r, uint256 s, bool flip)
        public
        view
    {
        // A genuine signature, or (half the time) an arbitrary (r, s): both implementations must
        // agree on every 65-byte signature with v in {27, 28}.
        (uint8 v, bytes32 r0, bytes32 s0) = vm.sign(toPrivateKey(keySeed), digest);
        bytes memory sig = flip ? abi.encodePacked(bytes32(r), bytes32(s), v) : abi.encodePacked(r0, s0, v);
        (address ours, uint256 code) = harness.tryRecover(digest, sig);
        (address theirs, OzECDSA.RecoverError err,) = OzECDSA.tryRecover(digest, sig);
        bool ozOk = err == OzECDSA.RecoverError.NoError;
        // OpenZeppelin does not range-check r (ecrecover fails instead): map that to ours.
        assertEq(code == 0, ozOk, "same verdict");
        if (ozOk) assertEq(ours, theirs, "same signer");
    }

    /*//////////////////////////////////////////////////////////////
                               ISVALID
    //////////////////////////////////////////////////////////////*/

    function testIsValidWithWrongSolver() public view {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("wrong"));
        assertFalse(verifier.isValid(a, sig, address(0xBEEF)), "another solver");
        assertFalse(verifier.isValid(a, sig, address(0)), "zero solver");
    }

    function testIsValidWithTamperedField() public view {
        (Attestation memory a, bytes memory sig) = _signed(keccak256("tamper"));
        a.originAmount += 1;
        assertFalse(verifier.isValid(a, sig, solver), "a changed amount changes the signer");
    }

    /*//////////////////////////////////////////////////////////////
                                  V2
    //////////////////////////////////////////////////////////////*/

    function testRecoverSignerV2() public view {
        AttestationV2 memory a = AttestationV2({
            requestId: keccak256("v2"),
            originChainId: 1,
            originUser: bytes32(uint256(uint160(0x1111111111111111111111111111111111111111))),
            originCurrency: bytes32(0),
            destinationChainId: 10,
            destinationUser: bytes32(uint256(uint160(0x2222222222222222222222222222222222222222))),
            destinationCurrency: USDC
        });
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(a))));
        bytes memory sig = sign65(SOLVER_KEY, digest);
        assertEq(verifier.recoverSignerV2(a, sig), solver, "v2 signer");
        assertTrue(verifier.isValidV2(a, sig, solver), "v2 valid");
        assertFalse(verifier.isValidV2(a, sig, address(1)), "v2 other solver");
        sig[64] = bytes1(uint8(31));
        assertFalse(verifier.isValidV2(a, sig, solver), "v2 bad v");
    }

    function testFuzzRecoverSignerV2WithRandomKey(uint256 keySeed, AttestationV2 calldata fuzzed) public view {
        AttestationV2 memory a = _layoutValidV2(fuzzed);
        uint256 key = toPrivateKey(keySeed);
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(abi.encode(a))));
        assertEq(verifier.recoverSignerV2(a, sign65(key, digest)), vm.addr(key), "v2 signer");
    }

    /*//////////////////////////////////////////////////////////////
                       LAYOUT RULE (v1 / v2 COLLISION)
    //////////////////////////////////////////////////////////////*/

    /// @dev A genuine `/signature/v2` answer: request to pay USDC to an account on chain 8453.
    function _v2Signed() internal pure returns (AttestationV2 memory a, bytes memory sig) {
        a = AttestationV2({
            requestId: keccak256("a v2 request"),
            originChainId: 8453,
            originUser: bytes32(uint256(uint160(0x1111111111111111111111111111111111111111))),
            originCurrency: bytes32(0),
            destinationChainId: 8453,
            destinationUser: bytes32(uint256(uint160(0x2222222222222222222222222222222222222222))),
            destinationCurrency: USDC
        });
        sig = sign65(SOLVER_KEY, _digestV2(a));
    }

    function testV2SignatureAsV1IsRefused() public {
        (AttestationV2 memory v2, bytes memory sig) = _v2Signed();
        assertTrue(verifier.isValidV2(v2, sig, solver), "genuine as v2");
        Attestation memory forged = _asV1(v2);
        // The same 224 bytes, so the same digest: only the layout rule tells them apart.
        assertEq(_digest(forged), _digestV2(v2), "same digest");
        assertEq(forged.originAmount, 8453, "v2's destinationChainId read as a dust amount");
        assertFalse(verifier.isValid(forged, sig, solver), "not valid as v1");
        vm.expectRevert(
            abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, uint256(v2.destinationUser))
        );
        verifier.recoverSigner(forged, sig);
    }

    function testV1SignatureAsV2IsRefused() public {
        (Attestation memory v1, bytes memory sig) = _signed(keccak256("a v1 request"));
        v1.originAmount = 1_000_000; // A USDC amount small enough to pass as a chain id.
        sig = sign65(SOLVER_KEY, _digest(v1));
        assertTrue(verifier.isValid(v1, sig, solver), "genuine as v1");
        AttestationV2 memory forged = _asV2(v1);
        assertEq(forged.destinationChainId, 1_000_000, "the amount read as a chain id");
        assertFalse(verifier.isValidV2(forged, sig, solver), "not valid as v2");
        vm.expectRevert(
            abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, bytes32(v1.destinationChainId))
        );
        verifier.recoverSignerV2(forged, sig);
    }

    function testFuzzNoTupleParsesUnderBothLayouts(bytes32[7] memory words) public view {
        Attestation memory v1 = Attestation(
            words[0], uint256(words[1]), words[2], words[3], uint256(words[4]), uint256(words[5]), words[6]
        );
        AttestationV2 memory v2 = AttestationV2(
            words[0], uint256(words[1]), words[2], words[3], uint256(words[4]), words[5], words[6]
        );
        (uint256 c1,) = harness.tryCheckLayout(v1);
        (uint256 c2,) = harness.tryCheckLayoutV2(v2);
        assertFalse(c1 == 0 && c2 == 0, "one layout at most");
    }

    function testFuzzLayoutConfusionNeverVerifies(uint256 keySeed, Attestation calldata fuzzed) public view {
        Attestation memory v1 = _layoutValid(fuzzed);
        uint256 key = toPrivateKey(keySeed);
        bytes memory sig = sign65(key, _digest(v1));
        assertTrue(verifier.isValid(v1, sig, vm.addr(key)), "genuine");
        assertFalse(verifier.isValidV2(_asV2(v1), sig, vm.addr(key)), "never as v2");
    }

    function testChainIdRangeBoundary() public {
        (Attestation memory a,) = _signed(keccak256("range"));
        a.destinationChainId = MAX_CHAIN_ID;
        bytes memory sig = sign65(SOLVER_KEY, _digest(a));
        assertEq(verifier.recoverSigner(a, sig), solver, "2^53 - 1 is a chain id");
        a.destinationChainId = MAX_CHAIN_ID + 1;
        sig = sign65(SOLVER_KEY, _digest(a));
        assertFalse(verifier.isValid(a, sig, solver), "2^53 is not");
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, MAX_CHAIN_ID + 1));
        verifier.recoverSigner(a, sig);
    }

    function testOriginChainIdRange() public {
        (Attestation memory a,) = _signed(keccak256("origin range"));
        a.originChainId = MAX_CHAIN_ID + 1;
        bytes memory sig = sign65(SOLVER_KEY, _digest(a));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, MAX_CHAIN_ID + 1));
        verifier.recoverSigner(a, sig);
    }

    function testAccountRangeBoundary() public {
        (Attestation memory a,) = _signed(keccak256("account"));
        a.originUser = bytes32(MAX_CHAIN_ID + 1);
        bytes memory sig = sign65(SOLVER_KEY, _digest(a));
        assertEq(verifier.recoverSigner(a, sig), solver, "2^53 is an account word");
        a.originUser = bytes32(MAX_CHAIN_ID);
        sig = sign65(SOLVER_KEY, _digest(a));
        assertFalse(verifier.isValid(a, sig, solver), "2^53 - 1 is not");
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, bytes32(MAX_CHAIN_ID)));
        verifier.recoverSigner(a, sig);
        a.originUser = bytes32(uint256(uint160(0x1111111111111111111111111111111111111111)));
        a.destinationUser = bytes32(0); // The zero address.
        sig = sign65(SOLVER_KEY, _digest(a));
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, bytes32(0)));
        verifier.recoverSigner(a, sig);
    }

    function testLayoutIsCheckedBeforeTheSignature() public {
        (Attestation memory a,) = _signed(keccak256("order"));
        a.destinationChainId = MAX_CHAIN_ID + 1;
        // A 64-byte signature breaks a signature rule too: the layout rule is reported first.
        vm.expectRevert(abi.encodeWithSelector(AttestationLib.AttestationChainIdOutOfRange.selector, MAX_CHAIN_ID + 1));
        verifier.recoverSigner(a, new bytes(64));
    }
}
