// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Attestation} from "attestkit/contracts/libraries/AttestationLib.sol";
import {
    Order,
    OrderFee,
    OrderInput,
    OrderInputRefund,
    OrderInputPayment,
    OrderLib,
    OrderOutput,
    OrderOutputPayment
} from "attestkit/contracts/libraries/OrderLib.sol";
import {AttestedDepositReceiver} from "attestkit/contracts/AttestedDepositReceiver.sol";
import {IAttestedDepositReceiver} from "attestkit/contracts/interfaces/IAttestedDepositReceiver.sol";
import {DevnetDepository} from "attestkit/contracts/devnet/DevnetDepository.sol";

/// @dev The cheatcodes this test uses (forge-std is not needed for them).
interface Vm {
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function addr(uint256 privateKey) external pure returns (address);
    function deal(address who, uint256 amount) external;
    function prank(address sender) external;
    function expectRevert(bytes calldata revertData) external;
}

/// @notice A consumer of the installed package, tested with `forge test`: the receiver paid with a
/// solver's attestation and with a solver-signed order, and refusing another signer.
contract PayReceiverTest {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 private constant SOLVER_KEY = 0xA11CE;
    uint256 private constant PAYER_KEY = 0xB0B;

    DevnetDepository private depository;
    AttestedDepositReceiver private receiver;
    address private payer;

    function setUp() public {
        depository = new DevnetDepository(address(this));
        receiver = new AttestedDepositReceiver(
            address(this),
            address(depository),
            vm.addr(SOLVER_KEY),
            new address[](0),
            new address[](0),
            new IAttestedDepositReceiver.Recipient[](0),
            true // any recipient: this test names its own
        );
        receiver.setChainSlug("local");
        payer = vm.addr(PAYER_KEY);
        vm.deal(payer, 10 ether);
    }

    function _attestation(uint256 amount) private view returns (Attestation memory) {
        return Attestation({
            requestId: keccak256("a request"),
            originChainId: block.chainid,
            originUser: bytes32(uint256(uint160(address(receiver)))),
            originCurrency: bytes32(0),
            originAmount: amount,
            destinationChainId: 8453,
            destinationUser: bytes32(uint256(uint160(payer)))
        });
    }

    /// @dev What the solver signs: EIP-191 over the 32 raw bytes of the tuple's hash.
    function _sign(uint256 key, bytes32 hash) private pure returns (bytes memory) {
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", hash));
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function testPaysWithTheSolversAttestation() public {
        Attestation memory a = _attestation(1 ether);
        bytes memory signature = _sign(SOLVER_KEY, keccak256(abi.encode(a)));
        vm.prank(payer);
        receiver.payNative{value: 1 ether}(a, signature, block.timestamp + 600);
        require(address(depository).balance == 1 ether, "the deposit reached the depository");
        require(receiver.payerOf(a.requestId) == payer, "the payer is recorded");
    }

    function testRefusesAnotherSignersAttestation() public {
        Attestation memory a = _attestation(1 ether);
        bytes memory signature = _sign(PAYER_KEY, keccak256(abi.encode(a)));
        vm.expectRevert(abi.encodeWithSelector(IAttestedDepositReceiver.SignerNotAllowed.selector, payer));
        vm.prank(payer);
        receiver.payNative{value: 1 ether}(a, signature, block.timestamp + 600);
    }

    /// @dev The order id as the receiver recomputes it (OrderLib reads orders from calldata).
    function orderIdOf(Order calldata order) external pure returns (bytes32) {
        return OrderLib.hash(order);
    }

    function _order(uint256 amount) private view returns (Order memory order) {
        OrderInputRefund[] memory refunds = new OrderInputRefund[](1);
        refunds[0] = OrderInputRefund({
            chainId: "local",
            recipient: abi.encodePacked(payer), // a refund goes back to the payer
            currency: abi.encodePacked(address(0)),
            minimumAmount: 0,
            deadline: uint32(block.timestamp + 3600),
            extraData: ""
        });
        OrderInput[] memory inputs = new OrderInput[](1);
        inputs[0] = OrderInput({
            payment: OrderInputPayment({
                chainId: "local", currency: abi.encodePacked(address(0)), amount: amount, weight: 1
            }),
            refunds: refunds
        });
        OrderOutputPayment[] memory payments = new OrderOutputPayment[](1);
        payments[0] = OrderOutputPayment({
            recipient: abi.encodePacked(payer),
            currency: abi.encodePacked(address(0)),
            minimumAmount: amount - 1000,
            expectedAmount: amount
        });
        order.version = "v1";
        order.solverChainId = "local";
        order.solver = vm.addr(SOLVER_KEY);
        order.salt = 1;
        order.inputs = inputs;
        order.output = OrderOutput({
            chainId: "base",
            payments: payments,
            deadline: uint32(block.timestamp + 3600),
            calls: new bytes[](0),
            extraData: ""
        });
        order.fees = new OrderFee[](0);
    }

    function testPaysTheSolversOrder() public {
        Order memory order = _order(0.5 ether);
        bytes32 orderId = this.orderIdOf(order);
        bytes memory signature = _sign(SOLVER_KEY, orderId);
        vm.prank(payer);
        receiver.payOrderNative{value: 0.5 ether}(order, signature);
        require(address(depository).balance == 0.5 ether, "the order's deposit reached the depository");
        require(receiver.payerOf(orderId) == payer, "the payer is recorded under the order id");
    }
}
