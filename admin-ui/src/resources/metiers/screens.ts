/** The métiers' screens, one chunk loaded when the list is first opened. */
export { MetierCreate } from './MetierCreate';
export { MetierEdit } from './MetierEdit';
export { MetierList } from './MetierList';
export { MetierShow } from './MetierShow';
