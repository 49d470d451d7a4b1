import { ListSubheader } from '@mui/material';
import { DashboardMenuItem, Menu as RaMenu, useBasename } from 'react-admin';
import { DASHBOARD_ROUTES, MENU_SECTIONS } from '@examens-pro/domain';

/** The menu is built from the route table: a section heading, then its entries. */
export const Menu = () => {
  // The dashboard lives under /tableau-de-bord inside the app's own router: links carry that prefix.
  const basename = useBasename();
  return (
    <RaMenu>
      <DashboardMenuItem primaryText="Tableau de bord" />
      {MENU_SECTIONS.map((section) => {
        const routes = DASHBOARD_ROUTES.filter((route) => route.section === section.key);
        if (routes.length === 0) return null;
        return [
          <ListSubheader key={section.key} sx={{ lineHeight: '32px', background: 'transparent' }}>
            {section.label}
          </ListSubheader>,
          ...routes.map((route) => (
            <RaMenu.Item
              key={route.path}
              to={`${basename}/${route.path}`}
              primaryText={route.label}
            />
          )),
        ];
      })}
    </RaMenu>
  );
};
