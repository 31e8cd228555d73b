// The cart area's public face.
export { registerCartOperations } from './cart.operations.js';
export { CART_HOLD_MINUTES, type CartService, createCartService } from './cart.service.js';
export { type CheckoutCart, cartForCheckout, markCartOrdered, setCartPayment } from './checkout.js';
