import { Tab, Tabs } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { allows, routeForPath } from '@examens-pro/domain';
import { usePermissions } from '../../dashboard/permissions';
import { MANAGED_LISTS, managedPath } from './definition';

interface ScreenTab {
  path: string;
  label: string;
  permissions: readonly string[];
}

/** The screen's own list first, then the lists managed from it, in the domain's order. */
const tabsOf = (path: string): ScreenTab[] => {
  const route = routeForPath(path);
  return [
    ...(route ? [{ path: route.path, label: route.label, permissions: route.permissions }] : []),
    ...MANAGED_LISTS.filter((list) => list.managedFrom === path).map((list) => ({
      path: managedPath(list)!,
      label: list.label,
      permissions: list.permissions ?? [],
    })),
  ];
};

/**
 * Tabs above a screen's list and the lists managed from it (Métiers, Filières, Corps de métiers):
 * each tab only for holders of its permission, since its data would be refused to the others.
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
  if (tabs.length < 2) return null;
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
