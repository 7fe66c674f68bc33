// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Attestation, AttestationV2, AttestationLib} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {AttestationVectors} from "./generated/AttestationVectors.sol";
import {Test} from "./utils/Test.sol";

/// @dev What an importing contract can call, in calldata and memory forms: the hashing an
/// integrator composes with `recover`, and the one-call check.
contract AttestationLibVerifyHarness {
    function hash(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    function hashV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.hash(a);
    }

    function digest(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.digest(a);
    }

    function digestV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.digest(a);
    }

    function hashMemory(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.hashMemory(a);
    }

    function hashMemoryV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.hashMemory(a);
    }

    function digestMemory(Attestation calldata a) external pure returns (bytes32) {
        return AttestationLib.digestMemory(a);
    }

    function digestMemoryV2(AttestationV2 calldata a) external pure returns (bytes32) {
        return AttestationLib.digestMemory(a);
    }

    /// @dev The composition an integrator writes by hand: digest, then recover.
    function recoverDigest(Attestation calldata a, bytes calldata signature) external view returns (address) {
        return AttestationLib.recover(AttestationLib.digest(a), signature);
    }

    function recoverDigestMemory(Attestation calldata a, bytes calldata signature) external view returns (address) {
        return AttestationLib.recoverMemory(AttestationLib.digestMemory(a), signature);
    }

    function verify(Attestation calldata a, bytes calldata signature, address signer) external view {
        AttestationLib.verify(a, signature, signer);
    }

    function verifyV2(AttestationV2 calldata a, bytes calldata signature, address signer) external view {
        AttestationLib.verify(a, signature, signer);
    }

    function verifyMemory(Attestation calldata a, bytes calldata signature, address signer) external view {
        AttestationLib.verifyMemory(a, signature, signer);
    }

    function verifyMemoryV2(AttestationV2 calldata a, bytes calldata signature, address signer) external view {
        AttestationLib.verifyMemory(a, signature, signer);
    }

    /// @dev `isValid` and `tryVerify`, calldata then memory.
    function verdicts(Attestation calldata a, bytes calldata signature, address signer)
        external
        view
        returns (bool, uint256, bool, uint256)
    {
        return (
            AttestationLib.isValid(a, signature, signer),
            AttestationLib.tryVerify(a, signature, signer),
            AttestationLib.isValidMemory(a, signature, signer),
            AttestationLib.tryVerifyMemory(a, signature, signer)
        );
    }

    function verdictsV2(AttestationV2 calldata a, bytes calldata signature, address signer)
        external
        view
        returns (bool, uint256, bool, uint256)
    {
        return (
            AttestationLib.isValid(a, signature, signer),
            AttestationLib.tryVerify(a, signature, signer),
            AttestationLib.isValidMemory(a, signature, signer),
            AttestationLib.tryVerifyMemory(a, signature, signer)
        );
    }
}

/// @dev Safe by construction: no hash or digest of a tuple that breaks the layout rule leaves the
/// library, so `recover(digest(a), signature)` cannot verify a `/signature/v2` answer read as v1;
/// `verify` / `isValid` / `tryVerify` agree with the shared vectors.
contract AttestationLibVerifyTest is Test {
    uint256 internal constant SOLVER_KEY = 0xA11CE;
    uint256 internal constant MAX_CHAIN_ID = 2 ** 53 - 1;
    bytes32 internal constant USDC = bytes32(uint256(uint160(0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913)));

    AttestationLibVerifyHarness internal harness;
    address internal solver;

    function setUp() public {
        harness = new AttestationLibVerifyHarness();
        solver = vm.addr(SOLVER_KEY);
    }

    /*//////////////////////////////////////////////////////////////
                               HELPERS
    //////////////////////////////////////////////////////////////*/

    /// @dev EIP-191 over `keccak256` of the seven words, computed without the library.
    function _digestOf(bytes memory encoded) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", keccak256(encoded)));
    }

    /// @dev A genuine `/signature/v2` answer: base to Base USDC, destination chain 8453.
    function _v2Signed() internal pure returns (AttestationV2 memory a, bytes memory sig) {
        a = AttestationV2({
            requestId: keccak256("a v2 request"),
            originChainId: 1,
            originUser: bytes32(uint256(uint160(0x1111111111111111111111111111111111111111))),
            originCurrency: bytes32(0),
            destinationChainId: 8453,
            destinationUser: bytes32(uint256(uint160(0x2222222222222222222222222222222222222222))),
            destinationCurrency: USDC
        });
        sig = sign65(SOLVER_KEY, _digestOf(abi.encode(a)));
    }

    /// @dev The same 224 bytes read as v1: v2's destination chain becomes a dust `originAmount`,
    /// its `destinationUser` the `destinationChainId` (far above 2^53 - 1).
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

    /// @dev A genuine v1 answer whose amount (1 USDC, 1,000,000) would pass as a chain id in v2.
    function _v1Signed() internal pure returns (Attestation memory a, bytes memory sig) {
        a = Attestation({
            requestId: keccak256("a v1 request"),
            originChainId: 8453,
            originUser: bytes32(uint256(uint160(0x1111111111111111111111111111111111111111))),
            originCurrency: USDC,
            originAmount: 1_000_000,
            destinationChainId: 10,
            destinationUser: bytes32(uint256(uint160(0x2222222222222222222222222222222222222222)))
        });
        sig = sign65(SOLVER_KEY, _digestOf(abi.encode(a)));
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

    /// @dev The revert of v2 read as v1: its `destinationUser` is v1's `destinationChainId`.
    function _chainIdError(AttestationV2 memory genuine) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(
            AttestationLib.AttestationChainIdOutOfRange.selector, uint256(genuine.destinationUser)
        );
    }

    /// @dev The revert of v1 read as v2: its `destinationChainId` is v2's `destinationUser`.
    function _accountError(Attestation memory genuine) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(
            AttestationLib.AttestationAccountOutOfRange.selector, bytes32(genuine.destinationChainId)
        );
    }

    /// @dev The revert data of a call, or an empty array when it succeeds.
    function _revertOf(bytes memory data) internal view returns (bytes memory) {
        (bool ok, bytes memory result) = address(harness).staticcall(data);
        return ok ? bytes("") : result;
    }

    /*//////////////////////////////////////////////////////////////
              V2 READ AS V1: NO HASH, NO DIGEST, NO SIGNER
    //////////////////////////////////////////////////////////////*/

    function testHashOfV2SignatureReadAsV1Reverts() public {
        (AttestationV2 memory genuine,) = _v2Signed();
        vm.expectRevert(_chainIdError(genuine));
        harness.hash(_asV1(genuine));
    }

    function testDigestOfV2SignatureReadAsV1Reverts() public {
        (AttestationV2 memory genuine,) = _v2Signed();
        vm.expectRevert(_chainIdError(genuine));
        harness.digest(_asV1(genuine));
    }

    function testHashMemoryOfV2SignatureReadAsV1Reverts() public {
        (AttestationV2 memory genuine,) = _v2Signed();
        vm.expectRevert(_chainIdError(genuine));
        harness.hashMemory(_asV1(genuine));
    }

    function testDigestMemoryOfV2SignatureReadAsV1Reverts() public {
        (AttestationV2 memory genuine,) = _v2Signed();
        vm.expectRevert(_chainIdError(genuine));
        harness.digestMemory(_asV1(genuine));
    }

    function testHashAndDigestOfV1SignatureReadAsV2Revert() public {
        (Attestation memory genuine,) = _v1Signed();
        AttestationV2 memory forged = _asV2(genuine);
        bytes memory err = _accountError(genuine);
        assertEq(_revertOf(abi.encodeCall(harness.hashV2, (forged))), err, "hash");
        assertEq(_revertOf(abi.encodeCall(harness.digestV2, (forged))), err, "digest");
        assertEq(_revertOf(abi.encodeCall(harness.hashMemoryV2, (forged))), err, "hashMemory");
        assertEq(_revertOf(abi.encodeCall(harness.digestMemoryV2, (forged))), err, "digestMemory");
    }

    /// @dev The attack itself: the hand-written composition `recover(digest(a), signature)` over a
    /// genuine v2 signature read as v1 (an 8,453 wei "payment") names no signer, in either form.
    function testRecoverOfDigestOfV2SignatureReadAsV1Reverts() public {
        (AttestationV2 memory genuine, bytes memory sig) = _v2Signed();
        Attestation memory forged = _asV1(genuine);
        assertEq(forged.originAmount, 8453, "v2's destination chain read as a dust amount");
        assertEq(_digestOf(abi.encode(forged)), _digestOf(abi.encode(genuine)), "the same 224 bytes");
        assertEq(_revertOf(abi.encodeCall(harness.recoverDigest, (forged, sig))), _chainIdError(genuine), "calldata");
        assertEq(
            _revertOf(abi.encodeCall(harness.recoverDigestMemory, (forged, sig))), _chainIdError(genuine), "memory"
        );
    }

    function testVerifyRefusesV2SignatureReadAsV1() public {
        (AttestationV2 memory genuine, bytes memory sig) = _v2Signed();
        Attestation memory forged = _asV1(genuine);
        bytes memory err = _chainIdError(genuine);
        assertEq(_revertOf(abi.encodeCall(harness.verify, (forged, sig, solver))), err, "verify");
        assertEq(_revertOf(abi.encodeCall(harness.verifyMemory, (forged, sig, solver))), err, "verifyMemory");
        (bool valid, uint256 code, bool validMemory, uint256 codeMemory) = harness.verdicts(forged, sig, solver);
        assertFalse(valid || validMemory, "isValid");
        assertEq(code, AttestationLib.ERR_CHAIN_ID, "tryVerify");
        assertEq(codeMemory, AttestationLib.ERR_CHAIN_ID, "tryVerifyMemory");
        // Read as what it is, the same signature verifies.
        harness.verifyV2(genuine, sig, solver);
        harness.verifyMemoryV2(genuine, sig, solver);
        (valid, code, validMemory, codeMemory) = harness.verdictsV2(genuine, sig, solver);
        assertTrue(valid && validMemory && code == 0 && codeMemory == 0, "genuine as v2");
    }

    function testVerifyRefusesV1SignatureReadAsV2() public {
        (Attestation memory genuine, bytes memory sig) = _v1Signed();
        AttestationV2 memory forged = _asV2(genuine);
        bytes memory err = _accountError(genuine);
        assertEq(_revertOf(abi.encodeCall(harness.verifyV2, (forged, sig, solver))), err, "verify");
        assertEq(_revertOf(abi.encodeCall(harness.verifyMemoryV2, (forged, sig, solver))), err, "verifyMemory");
        (bool valid, uint256 code, bool validMemory, uint256 codeMemory) = harness.verdictsV2(forged, sig, solver);
        assertFalse(valid || validMemory, "isValid");
        assertEq(code, AttestationLib.ERR_ACCOUNT, "tryVerify");
        assertEq(codeMemory, AttestationLib.ERR_ACCOUNT, "tryVerifyMemory");
        harness.verify(genuine, sig, solver);
    }

    /*//////////////////////////////////////////////////////////////
                              VERIFY
    //////////////////////////////////////////////////////////////*/

    function testVerifyAcceptsTheSignersAttestation() public view {
        (Attestation memory a, bytes memory sig) = _v1Signed();
        harness.verify(a, sig, solver);
        harness.verifyMemory(a, sig, solver);
        (bool valid, uint256 code, bool validMemory, uint256 codeMemory) = harness.verdicts(a, sig, solver);
        assertTrue(valid && validMemory, "isValid");
        assertEq(code, AttestationLib.OK, "tryVerify");
        assertEq(codeMemory, AttestationLib.OK, "tryVerifyMemory");
    }

    function testVerifyWithAnotherSignerReverts() public view {
        (Attestation memory a, bytes memory sig) = _v1Signed();
        address other = vm.addr(0xB0B);
        bytes memory err =
            abi.encodeWithSelector(AttestationLib.AttestationSignerMismatch.selector, other, solver);
        assertEq(_revertOf(abi.encodeCall(harness.verify, (a, sig, other))), err, "verify");
        assertEq(_revertOf(abi.encodeCall(harness.verifyMemory, (a, sig, other))), err, "verifyMemory");
        (bool valid, uint256 code, bool validMemory, uint256 codeMemory) = harness.verdicts(a, sig, other);
        assertFalse(valid || validMemory, "isValid");
        assertEq(code, AttestationLib.ERR_SIGNER, "tryVerify");
        assertEq(codeMemory, AttestationLib.ERR_SIGNER, "tryVerifyMemory");
    }

    /// @dev A signature always recovers a non-zero address, so the zero signer never verifies.
    function testVerifyWithTheZeroSignerReverts() public {
        (Attestation memory a, bytes memory sig) = _v1Signed();
        vm.expectRevert(
            abi.encodeWithSelector(AttestationLib.AttestationSignerMismatch.selector, address(0), solver)
        );
        harness.verify(a, sig, address(0));
        (bool valid,, bool validMemory,) = harness.verdicts(a, sig, address(0));
        assertFalse(valid || validMemory, "isValid");
    }

    /// @dev The layout rule is reported before any signature rule, as by `recoverSigner`.
    function testVerifyReportsTheLayoutBeforeTheSignature() public view {
        (Attestation memory a,) = _v1Signed();
        a.originUser = bytes32(MAX_CHAIN_ID);
        bytes memory err =
            abi.encodeWithSelector(AttestationLib.AttestationAccountOutOfRange.selector, bytes32(MAX_CHAIN_ID));
        assertEq(_revertOf(abi.encodeCall(harness.verify, (a, new bytes(64), solver))), err, "verify");
        assertEq(_revertOf(abi.encodeCall(harness.verifyMemory, (a, new bytes(64), solver))), err, "memory");
    }

    /// @dev Any key, any layout-valid tuple: the signer verifies, every other address does not, and
    /// the memory forms agree with the calldata forms.
    function testFuzzVerifyAcceptsOnlyTheSigner(uint256 keySeed, Attestation calldata fuzzed, address other)
        public
        view
    {
        Attestation memory a = fuzzed;
        a.originChainId = bound(a.originChainId, 0, MAX_CHAIN_ID);
        a.destinationChainId = bound(a.destinationChainId, 0, MAX_CHAIN_ID);
        a.originUser = bytes32(bound(uint256(a.originUser), MAX_CHAIN_ID + 1, type(uint256).max));
        a.destinationUser = bytes32(bound(uint256(a.destinationUser), MAX_CHAIN_ID + 1, type(uint256).max));
        uint256 key = toPrivateKey(keySeed);
        bytes memory sig = sign65(key, _digestOf(abi.encode(a)));
        harness.verify(a, sig, vm.addr(key));
        (bool valid, uint256 code, bool validMemory, uint256 codeMemory) = harness.verdicts(a, sig, vm.addr(key));
        assertTrue(valid && validMemory && code == 0 && codeMemory == 0, "the signer");
        if (other == vm.addr(key)) return;
        (valid, code, validMemory, codeMemory) = harness.verdicts(a, sig, other);
        assertFalse(valid || validMemory, "another address");
        assertEq(code, AttestationLib.ERR_SIGNER, "tryVerify");
        assertEq(codeMemory, AttestationLib.ERR_SIGNER, "tryVerifyMemory");
    }

    /*//////////////////////////////////////////////////////////////
                           SHARED VECTORS
    //////////////////////////////////////////////////////////////*/

    /// @dev Every shared vector (test/vectors/attestations.json) through the one-call check, each
    /// form: it verifies for its signer exactly when the vector says it is valid, and otherwise
    /// reports the vector's error (or `AttestationSignerMismatch` for a well-formed signature by
    /// someone outside the vector's solvers).
    function testEveryVectorThroughVerify() public view {
        AttestationVectors.Vector[] memory vectors = AttestationVectors.all();
        assertTrue(vectors.length >= 30, "the vector file is loaded");
        uint256 accepted;
        uint256 refused;
        for (uint256 i; i < vectors.length; ++i) {
            AttestationVectors.Vector memory v = vectors[i];
            for (uint256 j; j < v.solvers.length; ++j) {
                bool valid = _checkVector(v, v.solvers[j]);
                assertEq(valid, v.valid && v.solvers[j] == v.signer, string.concat(v.name, ": verdict"));
                if (valid) ++accepted;
                else ++refused;
            }
        }
        assertTrue(accepted >= 10 && refused >= 20, "both verdicts are exercised");
    }

    /// @dev One vector for one expected signer: every form agrees; returns the verdict.
    function _checkVector(AttestationVectors.Vector memory v, address signer) internal view returns (bool) {
        (bytes memory verifyCall, bytes memory verifyMemoryCall, bytes memory verdictsCall) = _calls(v, signer);
        (bool valid, uint256 code, bool validMemory, uint256 codeMemory) =
            abi.decode(_returnOf(verdictsCall), (bool, uint256, bool, uint256));
        assertEq(valid, validMemory, string.concat(v.name, ": isValid memory"));
        assertEq(code, codeMemory, string.concat(v.name, ": tryVerify memory"));
        assertEq(valid, code == AttestationLib.OK, string.concat(v.name, ": isValid is tryVerify == OK"));
        bytes memory expected = v.error != bytes4(0)
            ? _vectorError(v)
            : v.signer == signer ? bytes("") : abi.encodeWithSelector(AttestationLib.AttestationSignerMismatch.selector, signer, v.signer);
        bytes memory reverted = _revertOf(verifyCall);
        assertEq(bytes4(reverted), bytes4(expected), string.concat(v.name, ": verify's error"));
        if (bytes4(expected) == AttestationLib.AttestationSignerMismatch.selector) {
            assertEq(reverted, expected, string.concat(v.name, ": verify's mismatch"));
        }
        assertEq(_revertOf(verifyMemoryCall), reverted, string.concat(v.name, ": verifyMemory"));
        assertEq(code, _codeOf(bytes4(expected)), string.concat(v.name, ": tryVerify's code"));
        return valid;
    }

    function _calls(AttestationVectors.Vector memory v, address signer)
        internal
        view
        returns (bytes memory verifyCall, bytes memory verifyMemoryCall, bytes memory verdictsCall)
    {
        bytes32[7] memory w = v.words;
        if (v.v2) {
            AttestationV2 memory a = AttestationV2(w[0], uint256(w[1]), w[2], w[3], uint256(w[4]), w[5], w[6]);
            verifyCall = abi.encodeCall(harness.verifyV2, (a, v.signature, signer));
            verifyMemoryCall = abi.encodeCall(harness.verifyMemoryV2, (a, v.signature, signer));
            verdictsCall = abi.encodeCall(harness.verdictsV2, (a, v.signature, signer));
        } else {
            Attestation memory a =
                Attestation(w[0], uint256(w[1]), w[2], w[3], uint256(w[4]), uint256(w[5]), w[6]);
            verifyCall = abi.encodeCall(harness.verify, (a, v.signature, signer));
            verifyMemoryCall = abi.encodeCall(harness.verifyMemory, (a, v.signature, signer));
            verdictsCall = abi.encodeCall(harness.verdicts, (a, v.signature, signer));
        }
    }

    /// @dev The vector's expected error, as far as its selector (the vectors carry no values).
    function _vectorError(AttestationVectors.Vector memory v) internal pure returns (bytes memory) {
        return abi.encodePacked(v.error);
    }

    /// @dev The `tryVerify` code of each error: the rule numbers of `AttestationLib`.
    function _codeOf(bytes4 selector) internal pure returns (uint256) {
        if (selector == bytes4(0)) return AttestationLib.OK;
        if (selector == AttestationLib.AttestationInvalidSignatureLength.selector) return AttestationLib.ERR_LENGTH;
        if (selector == AttestationLib.AttestationInvalidSignatureV.selector) return AttestationLib.ERR_V;
        if (selector == AttestationLib.AttestationInvalidSignatureR.selector) return AttestationLib.ERR_R;
        if (selector == AttestationLib.AttestationInvalidSignatureS.selector) return AttestationLib.ERR_S;
        if (selector == AttestationLib.AttestationHighSignatureS.selector) return AttestationLib.ERR_HIGH_S;
        if (selector == AttestationLib.AttestationUnrecoverableSignature.selector) {
            return AttestationLib.ERR_UNRECOVERABLE;
        }
        if (selector == AttestationLib.AttestationChainIdOutOfRange.selector) return AttestationLib.ERR_CHAIN_ID;
        if (selector == AttestationLib.AttestationAccountOutOfRange.selector) return AttestationLib.ERR_ACCOUNT;
        if (selector == AttestationLib.AttestationSignerMismatch.selector) return AttestationLib.ERR_SIGNER;
        revert("unknown selector");
    }

    /// @dev The return data of a call that must succeed.
    function _returnOf(bytes memory data) internal view returns (bytes memory result) {
        bool ok;
        (ok, result) = address(harness).staticcall(data);
        assertTrue(ok, "the call reverted");
    }
}
