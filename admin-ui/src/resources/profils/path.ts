/** react-admin's resource names are the dashboard paths of the route table. */
export const PROFILS = 'utilisateurs-profils/profils';
export const UTILISATEURS = 'utilisateurs-profils/utilisateurs';
