import type { AuthProvider } from 'react-admin';
import { currentPath, signInUrl, signOut } from '../common/api';
import { forgetReads } from '../offline/readCache';
import { displayName, refreshSession, sessionStore, sessionUser } from '../common/session';

const signedInUser = () => sessionUser(sessionStore.get());

/**
 * react-admin's view of the session the app already keeps (common/session): the top-level guard
 * has checked it before the dashboard renders, so these calls read it rather than fetch it again.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.reject(new Error('La connexion se fait sur /connexion.')),

  async checkAuth() {
    if (signedInUser()) return;
    const state = await refreshSession();
    if (state.status !== 'authenticated')
      throw { redirectTo: signInUrl(currentPath()), message: false, logoutUser: false };
  },

  // The data provider reacts to 401 and 403 itself (common/api): nothing to undo here.
  checkError: () => Promise.resolve(),

  async logout() {
    // react-admin also calls this when checkAuth fails: without a session there is nothing to end.
    if (!signedInUser()) return signInUrl(currentPath());
    const url = await signOut('/connexion');
    await forgetReads();
    // A full load drops every cached record of the signed-out user along with the page.
    window.location.assign(url.startsWith('/') ? url : '/connexion');
    return false;
  },

  async getIdentity() {
    const user = signedInUser();
    if (!user) throw new Error('Non connecté');
    return { id: user.id, fullName: displayName(user) };
  },

  getPermissions: () => Promise.resolve(signedInUser()?.permissions ?? []),
};
