/** The profiles' screens, one chunk loaded when the list is first opened. */
export { ProfileCreate } from './ProfileCreate';
export { ProfileEdit } from './ProfileEdit';
export { ProfileList } from './ProfileList';
export { ProfileShow } from './ProfileShow';
