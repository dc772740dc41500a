/** The street line of an address; the reader lives with the other extractors. */
export { extractAddress as extractAddressLine } from '../extractors/address.js';
