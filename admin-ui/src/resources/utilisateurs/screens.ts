/** The users' screens (staff and enrôleurs), one chunk loaded when either list is first opened. */
export { UserCreate } from './UserCreate';
export { UserEdit } from './UserEdit';
export { UserList } from './UserList';
export { UserShow } from './UserShow';
