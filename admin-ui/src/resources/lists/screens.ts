/** The generic reference-list screens, loaded as one chunk the first time any list is opened. */
export { ListItemCreate } from './ListItemCreate';
export { ListItemEdit } from './ListItemEdit';
export { ListItemList } from './ListItemList';
export { ListItemShow } from './ListItemShow';
