// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {IDepository} from "attestkit/contracts/interfaces/IDepository.sol";

/// @notice The code behind every deposit address of the local devnet: a minimal proxy of this
/// contract sits at `computeDepositAddress(orderId, depositor)` and, when its factory sweeps it,
/// deposits everything it holds into the depository under the order id, credited to the depositor.
/// @author attestkit
/// @dev Funds can be sent to the address before anything is deployed there: the factory deploys the
/// proxy on the first sweep. Only the factory sweeps, and the factory derives the address from the
/// order id and depositor it is given, so a sweep always deposits for the pair the address was made of.
contract DevnetDepositAddress {
    /// @dev The caller is not the factory.
    /// @param caller The caller.
    error DevnetDepositAddressUnauthorized(address caller);

    /// @notice The depository swept into.
    address public immutable DEPOSITORY;

    /// @notice The factory that deploys and sweeps the proxies.
    address public immutable FACTORY;

    /// @param depository The depository swept into.
    /// @param factory The factory.
    constructor(address depository, address factory) {
        DEPOSITORY = depository;
        FACTORY = factory;
    }

    /// @notice Accepts native transfers (a deposit address also receives after its first sweep).
    receive() external payable {}

    /// @notice Deposits the whole native balance and each listed token's balance under `orderId`.
    /// @param orderId The order id (the depository `id`).
    /// @param depositor Who the deposits are credited to.
    /// @param tokens The tokens to sweep (zero balances are skipped).
    function sweep(bytes32 orderId, address depositor, address[] calldata tokens) external {
        if (msg.sender != FACTORY) revert DevnetDepositAddressUnauthorized(msg.sender);
        uint256 native = address(this).balance;
        if (native != 0) IDepository(DEPOSITORY).depositNative{value: native}(depositor, orderId);
        for (uint256 i; i < tokens.length; ++i) {
            address token = tokens[i];
            uint256 amount = SafeTransferLib.balanceOf(token, address(this));
            if (amount == 0) continue;
            SafeTransferLib.safeApprove(token, DEPOSITORY, amount);
            IDepository(DEPOSITORY).depositErc20(depositor, token, amount, orderId);
        }
    }
}

/// @notice Deploys and sweeps the devnet's deposit addresses: CREATE2 minimal proxies of
/// `DevnetDepositAddress`, salt `keccak256(abi.encodePacked(orderId, depositor))`.
/// @author attestkit
/// @dev Anyone may sweep: a sweep only moves an address's funds into the depository under the
/// order id and depositor the address was derived from.
contract DevnetDepositAddressFactory {
    /// @notice An address was swept into the depository.
    /// @param orderId The order id.
    /// @param depositor The depositor credited.
    /// @param depositAddress The deposit address.
    event DevnetDepositAddressSwept(bytes32 indexed orderId, address indexed depositor, address depositAddress);

    /// @notice The proxies' implementation.
    address public immutable IMPLEMENTATION;

    /// @param depository The depository every address sweeps into.
    constructor(address depository) {
        IMPLEMENTATION = address(new DevnetDepositAddress(depository, address(this)));
    }

    /// @notice The deposit address of an order and depositor.
    /// @param orderId The order id.
    /// @param depositor The depositor.
    /// @return The address (deployed or not).
    function computeDepositAddress(bytes32 orderId, address depositor) public view returns (address) {
        return LibClone.predictDeterministicAddress(IMPLEMENTATION, _salt(orderId, depositor), address(this));
    }

    /// @notice Deploys the address if needed and deposits what it holds (native and `tokens`).
    /// @param orderId The order id.
    /// @param depositor The depositor.
    /// @param tokens The tokens to sweep.
    /// @return depositAddress The swept address.
    function sweep(bytes32 orderId, address depositor, address[] calldata tokens)
        external
        returns (address depositAddress)
    {
        depositAddress = computeDepositAddress(orderId, depositor);
        if (depositAddress.code.length == 0) {
            LibClone.cloneDeterministic(IMPLEMENTATION, _salt(orderId, depositor));
        }
        DevnetDepositAddress(payable(depositAddress)).sweep(orderId, depositor, tokens);
        emit DevnetDepositAddressSwept(orderId, depositor, depositAddress);
    }

    /// @dev `keccak256(abi.encodePacked(orderId, depositor))`.
    function _salt(bytes32 orderId, address depositor) private pure returns (bytes32) {
        return keccak256(abi.encodePacked(orderId, depositor));
    }
}
