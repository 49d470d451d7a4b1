import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ResourceProps } from 'react-admin';
import { lazyResource } from '../../kit/lazyResource';
import type { ReferenceListDefinition } from './definition';

/**
 * The screens of one reference list: the same kit screens for every list, told which list by its
 * definition (fields, labels, rules), the code itself loaded on first use.
 */
export const listScreens = (definition: ReferenceListDefinition): Omit<ResourceProps, 'name'> =>
  lazyResource(() => import('./screens').then((m) => m.listScreens(definition)), {
    icon: ListAltIcon,
    recordRepresentation: (record: { code?: string; libelle?: string }) =>
      definition.code === false
        ? (record.libelle ?? '')
        : `${record.code ?? ''} — ${record.libelle ?? ''}`,
  });
