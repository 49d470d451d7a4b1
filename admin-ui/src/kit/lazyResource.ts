import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen';
import type { ResourceScreens } from './screens';

/**
 * What the dashboard's resource table holds for a resource: its icon and how a record is named
 * (titles, references), and its screens, whose code (the kit's and the declaration's) comes with
 * their chunk the first time one is opened.
 */
export const lazyResource = (
  load: () => Promise<ResourceScreens>,
  { icon, recordRepresentation }: Pick<ResourceProps, 'icon' | 'recordRepresentation'>,
): Omit<ResourceProps, 'name'> => ({
  list: lazyScreen(load, (screens) => screens.List),
  create: lazyScreen(load, (screens) => screens.Create),
  edit: lazyScreen(load, (screens) => screens.Edit),
  show: lazyScreen(load, (screens) => screens.Show),
  icon,
  recordRepresentation,
});
