import { Tab, Tabs } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { allows, requirementFor, routeForPath } from '@examens-pro/domain';
import { usePermissions } from '../../dashboard/permissions';
import { routeRequirement } from '../../kit/routes';
import { MANAGED_LISTS, managedPath } from './definition';

interface ScreenTab {
  path: string;
  label: string;
  permissions: readonly string[];
}

/**
 * The screen's own list first, then the lists managed from it, in the domain's order. The holders
 * of a managed list open the screen for their tab only: the screen's own tab needs one of its
 * other permissions (for métiers, "Configurer les métiers").
 */
const tabsOf = (path: string): ScreenTab[] => {
  const route = routeForPath(path);
  const managed = MANAGED_LISTS.filter((list) => list.managedFrom === path).map((list) => ({
    path: managedPath(list)!,
    label: list.label,
    permissions: routeRequirement(managedPath(list)!, 'read') ?? [],
  }));
  const throughTabs = new Set(managed.flatMap((tab) => tab.permissions));
  const own = route?.permissions.filter((code) => !throughTabs.has(code)) ?? [];
  return [
    ...(route
      ? [
          {
            path: route.path,
            label: route.label,
            permissions: own.length > 0 ? own : requirementFor(route, 'write'),
          },
        ]
      : []),
    ...managed,
  ];
};

/**
 * Tabs above a screen's list and the lists managed from it (Métiers, Filières, Corps de métiers):
 * each tab only for holders of its permission, since its data would be refused (or, for the
 * screen's own list, its changes) to the others.
 */
export const ScreenTabs = ({ path }: { path: string }) => {
  const basename = useBasename();
  const { pathname } = useLocation();
  const held = usePermissions();
  const tabs = tabsOf(path).filter((tab) => allows(held, tab.permissions));
  const here = pathname.slice(basename.length).replace(/^\/+/, '');
  // The most specific tab whose path the page is under (métiers' own tab otherwise).
  const current = [...tabs]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => here === tab.path || here.startsWith(`${tab.path}/`));
  // Opened by the holder of a tab alone (filières only): straight to the first tab they hold.
  if (here === path && tabs[0] && tabs[0].path !== path)
    return <Navigate to={`${basename}/${tabs[0].path}`} replace />;
  // The screen's own list alone needs no tabs; another list's tab always says where one is.
  if (tabs.length === 0 || (tabs.length === 1 && tabs[0]!.path === path)) return null;
  return (
    <Tabs
      value={current?.path ?? false}
      aria-label="Listes de l’écran"
      sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={tab.label}
          component={Link}
          to={`${basename}/${tab.path}`}
        />
      ))}
    </Tabs>
  );
};
