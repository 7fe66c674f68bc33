// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Two-step ownership whose entry points are all non-payable.
/// @author attestkit
/// @dev solady's `Ownable` marks its entry points `payable` (a gas saving); a receiver that must
/// refuse stray ether and hold nothing cannot expose payable functions that anyone may call
/// (`requestOwnershipHandover`), so it uses this instead. Two steps, so that a typo in the new
/// owner's address cannot lock the configuration forever.
abstract contract TwoStepOwnable {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The caller is not the owner (or, for `acceptOwnership`, not the pending owner).
    /// @param caller The caller.
    error OwnableUnauthorized(address caller);

    /// @dev The zero address cannot own the contract.
    error OwnableZeroOwner();

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Ownership moved from `previousOwner` to `newOwner`.
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    /// @dev `owner` offered ownership to `pendingOwner`, who must accept it.
    event OwnershipTransferStarted(address indexed owner, address indexed pendingOwner);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The owner.
    address private _owner;

    /// @dev The address offered ownership, or zero.
    address private _pendingOwner;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         OPERATIONS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Sets the first owner.
    constructor(address initialOwner) {
        if (initialOwner == address(0)) revert OwnableZeroOwner();
        _owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    /// @dev Reverts unless called by the owner.
    modifier onlyOwner() {
        if (msg.sender != _owner) revert OwnableUnauthorized(msg.sender);
        _;
    }

    /// @notice The current owner.
    /// @return The owner's address.
    function owner() public view returns (address) {
        return _owner;
    }

    /// @notice The address offered ownership and not yet accepted, or zero.
    /// @return The pending owner's address.
    function pendingOwner() public view returns (address) {
        return _pendingOwner;
    }

    /// @notice Offers ownership to `newOwner`; it moves when they call `acceptOwnership`.
    /// @dev Passing zero cancels a pending offer.
    /// @param newOwner The proposed owner.
    function transferOwnership(address newOwner) external onlyOwner {
        _pendingOwner = newOwner;
        emit OwnershipTransferStarted(msg.sender, newOwner);
    }

    /// @notice Takes the ownership offered to the caller.
    function acceptOwnership() external {
        if (msg.sender != _pendingOwner) revert OwnableUnauthorized(msg.sender);
        address previous = _owner;
        _owner = msg.sender;
        delete _pendingOwner;
        emit OwnershipTransferred(previous, msg.sender);
    }
}
