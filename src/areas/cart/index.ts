// The cart area's public face.
export { cartPolicy, registerCartOperations } from './cart.operations.js';
export { CartView } from './cart.schemas.js';
export { CART_HOLD_MINUTES, type CartService, createCartService } from './cart.service.js';
export { type CheckoutCart, cartForCheckout, markCartOrdered, setCartPayment } from './checkout.js';
