/** The sessions' screens, one chunk loaded when the list is first opened. */
export { SessionCreate } from './SessionCreate';
export { SessionEdit } from './SessionEdit';
export { SessionList } from './SessionList';
export { SessionShow } from './SessionShow';
