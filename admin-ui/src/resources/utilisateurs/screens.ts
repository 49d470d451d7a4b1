/** The users' screens, one chunk loaded when the list is first opened. */
export { UserCreate } from './UserCreate';
export { UserEdit } from './UserEdit';
export { UserList } from './UserList';
export { UserShow } from './UserShow';
