/** The sign-in journal's screen, one chunk loaded when it is first opened. */
export { JournalList } from './JournalList';
