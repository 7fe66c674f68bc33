// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {DevnetDepositAddress, DevnetDepositAddressFactory} from "../../packages/devnet/contracts/DevnetDepositAddress.sol";
import {DevnetDepository} from "../../packages/attestkit/contracts/devnet/DevnetDepository.sol";
import {DevnetToken} from "../../packages/devnet/contracts/DevnetToken.sol";
import {IDepository} from "../../packages/attestkit/contracts/interfaces/IDepository.sol";
import {Test} from "./utils/Test.sol";

contract DevnetDepositAddressTest is Test {
    DevnetDepository internal depository;
    DevnetDepositAddressFactory internal factory;
    DevnetToken internal token;
    bytes32 internal constant ORDER_ID = keccak256("order");
    address internal constant DEPOSITOR = address(0xDE90);

    function setUp() public {
        depository = new DevnetDepository(address(this));
        factory = new DevnetDepositAddressFactory(address(depository));
        token = new DevnetToken("Test", "TST", 6);
    }

    function _tokens() internal view returns (address[] memory tokens) {
        tokens = new address[](1);
        tokens[0] = address(token);
    }

    function test_addressIsCreate2OfOrderIdAndDepositor() public view {
        address predicted = LibClone.predictDeterministicAddress(
            factory.IMPLEMENTATION(), keccak256(abi.encodePacked(ORDER_ID, DEPOSITOR)), address(factory)
        );
        assertEq(factory.computeDepositAddress(ORDER_ID, DEPOSITOR), predicted, "CREATE2 address");
        assertTrue(
            factory.computeDepositAddress(ORDER_ID, address(0xBEEF)) != predicted, "another depositor, another address"
        );
        assertTrue(
            factory.computeDepositAddress(keccak256("other"), DEPOSITOR) != predicted, "another order, another address"
        );
    }

    function test_sweepDepositsNativeAndTokensUnderTheOrderIdForTheDepositor() public {
        address at = factory.computeDepositAddress(ORDER_ID, DEPOSITOR);
        vm.deal(at, 1 ether);
        token.mint(at, 5e6);
        vm.expectEmit(address(depository));
        emit IDepository.RelayNativeDeposit(DEPOSITOR, 1 ether, ORDER_ID);
        vm.expectEmit(address(depository));
        emit IDepository.RelayErc20Deposit(DEPOSITOR, address(token), 5e6, ORDER_ID);
        assertEq(factory.sweep(ORDER_ID, DEPOSITOR, _tokens()), at, "swept address");
        assertEq(at.balance, 0, "native swept");
        assertEq(token.balanceOf(at), 0, "tokens swept");
        assertEq(address(depository).balance, 1 ether, "depository native");
        assertEq(token.balanceOf(address(depository)), 5e6, "depository tokens");
        // The deployed address still receives, and a second sweep moves the new funds.
        (bool ok,) = at.call{value: 0.5 ether}("");
        assertTrue(ok, "receives after deployment");
        factory.sweep(ORDER_ID, DEPOSITOR, _tokens());
        assertEq(address(depository).balance, 1.5 ether, "second sweep");
    }

    function test_sweepOfAnEmptyAddressDepositsNothing() public {
        factory.sweep(ORDER_ID, DEPOSITOR, _tokens());
        assertEq(address(depository).balance, 0, "nothing");
    }

    function test_onlyTheFactorySweepsTheProxy() public {
        address at = factory.computeDepositAddress(ORDER_ID, DEPOSITOR);
        vm.deal(at, 1 ether);
        factory.sweep(ORDER_ID, DEPOSITOR, new address[](0));
        vm.deal(at, 1 ether);
        vm.expectRevert(
            abi.encodeWithSelector(DevnetDepositAddress.DevnetDepositAddressUnauthorized.selector, address(this))
        );
        DevnetDepositAddress(payable(at)).sweep(ORDER_ID, address(0xBAD), new address[](0));
        // Nor the implementation itself.
        address implementation = factory.IMPLEMENTATION();
        vm.expectRevert(
            abi.encodeWithSelector(DevnetDepositAddress.DevnetDepositAddressUnauthorized.selector, address(this))
        );
        DevnetDepositAddress(payable(implementation)).sweep(ORDER_ID, address(0xBAD), new address[](0));
    }

    function test_aSweepForAnotherDepositorCannotReachTheAddress() public {
        address at = factory.computeDepositAddress(ORDER_ID, DEPOSITOR);
        vm.deal(at, 1 ether);
        // Anyone may sweep, but a sweep names the pair the address is derived from: another depositor
        // is another (empty) address.
        vm.prank(address(0xA77AC4E5));
        factory.sweep(ORDER_ID, address(0xA77AC4E5), new address[](0));
        assertEq(at.balance, 1 ether, "untouched");
        factory.sweep(ORDER_ID, DEPOSITOR, new address[](0));
        assertEq(at.balance, 0, "swept for its depositor");
    }
}
