import { ListSubheader } from '@mui/material';
import { Menu as RaMenu, useBasename } from 'react-admin';
import { MENU_SECTIONS } from '@examens-pro/domain';
import { useOpenRoutes } from './screens';

/**
 * The menu follows the route table, in the seed's section order, and offers only the screens this
 * build has and the user may open.
 */
export const Menu = () => {
  // The dashboard lives under /tableau-de-bord inside the app's own router: links carry that prefix.
  const basename = useBasename();
  const routes = useOpenRoutes();
  return (
    <RaMenu>
      {MENU_SECTIONS.map((section) => {
        const entries = routes.filter((route) => route.section === section.key);
        if (entries.length === 0) return null;
        return [
          <ListSubheader
            key={section.key}
            component="div"
            sx={{ lineHeight: '32px', background: 'transparent' }}
          >
            {section.label}
          </ListSubheader>,
          ...entries.map((route) => (
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
