// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Attestation} from "../../packages/attestkit/contracts/libraries/AttestationLib.sol";
import {IDepository} from "../../packages/attestkit/contracts/interfaces/IDepository.sol";

/// @notice Gas baseline, never shipped: the receiver a careful team would write with
/// OpenZeppelin v5, with the same checks in the same order and the same calldata and event as
/// `AttestedDepositReceiver`, so that `npm run bench:gas` compares like with like.
/// @author attestkit
contract OzAttestedReceiver is Ownable, Pausable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error OriginChainMismatch(uint256 originChainId, uint256 chainId);
    error OriginUserMismatch(bytes32 originUser, address receiver);
    error CurrencyMismatch(bytes32 originCurrency, address paid);
    error AmountMismatch(uint256 originAmount, uint256 received);
    error RecipientNotWhitelisted(uint256 destinationChainId, bytes32 destinationUser);
    error RequestAlreadyPaid(bytes32 requestId);
    error SignerNotAllowed(address signer);
    error ChainIdOutOfRange(uint256 chainId);
    error AccountOutOfRange(bytes32 account);

    event AttestedDeposit(bytes32 indexed requestId, address indexed payer, address indexed currency, uint256 amount);

    /// @dev The layout rule's bound (see AttestationLib): chain ids at most 2^53 - 1, accounts above.
    uint256 private constant MAX_CHAIN_ID = 2 ** 53 - 1;

    IDepository public immutable depository;
    mapping(bytes32 => bool) public paid;
    mapping(bytes32 => bool) public whitelist;
    mapping(address => bool) public solvers;

    constructor(address owner_, IDepository depository_, address solver) Ownable(owner_) {
        depository = depository_;
        solvers[solver] = true;
    }

    function setSolver(address solver, bool allowed) external onlyOwner {
        solvers[solver] = allowed;
    }

    function setWhitelisted(uint256 chainId, bytes32 user, bool allowed) external onlyOwner {
        whitelist[keccak256(abi.encode(chainId, user))] = allowed;
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    function payNative(Attestation calldata attestation, bytes calldata signature, uint256 deadline)
        external
        payable
        whenNotPaused
        nonReentrant
    {
        Attestation memory a = attestation;
        _check(a, signature, deadline, address(0), msg.value);
        depository.depositNative{value: msg.value}(address(0), a.requestId);
        emit AttestedDeposit(a.requestId, msg.sender, address(0), msg.value);
    }

    function payErc20(address token, Attestation calldata attestation, bytes calldata signature, uint256 deadline)
        external
        whenNotPaused
        nonReentrant
    {
        Attestation memory a = attestation;
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), a.originAmount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        _check(a, signature, deadline, token, received);
        IERC20(token).forceApprove(address(depository), received);
        depository.depositErc20(address(0), token, received, a.requestId);
        emit AttestedDeposit(a.requestId, msg.sender, token, received);
    }

    function _check(Attestation memory a, bytes calldata signature, uint256 deadline, address currency, uint256 amount)
        private
    {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
        if (a.originChainId != block.chainid) revert OriginChainMismatch(a.originChainId, block.chainid);
        if (a.originUser != bytes32(uint256(uint160(address(this))))) {
            revert OriginUserMismatch(a.originUser, address(this));
        }
        if (a.originChainId > MAX_CHAIN_ID) revert ChainIdOutOfRange(a.originChainId);
        if (uint256(a.originUser) <= MAX_CHAIN_ID) revert AccountOutOfRange(a.originUser);
        if (a.destinationChainId > MAX_CHAIN_ID) revert ChainIdOutOfRange(a.destinationChainId);
        if (uint256(a.destinationUser) <= MAX_CHAIN_ID) revert AccountOutOfRange(a.destinationUser);
        if (a.originCurrency != bytes32(uint256(uint160(currency)))) revert CurrencyMismatch(a.originCurrency, currency);
        if (a.originAmount != amount) revert AmountMismatch(a.originAmount, amount);
        if (!whitelist[keccak256(abi.encode(a.destinationChainId, a.destinationUser))]) {
            revert RecipientNotWhitelisted(a.destinationChainId, a.destinationUser);
        }
        if (paid[a.requestId]) revert RequestAlreadyPaid(a.requestId);
        paid[a.requestId] = true;
        bytes32 digest = MessageHashUtils.toEthSignedMessageHash(keccak256(abi.encode(a)));
        // OpenZeppelin's recover already refuses high `s` and lengths other than 65.
        address signer = ECDSA.recover(digest, signature);
        if (!solvers[signer]) revert SignerNotAllowed(signer);
    }
}
