import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { lazyResource } from '../../kit/lazyResource';
import type { ReferenceListDefinition } from './definition';

/**
 * The screens of one reference list: the same kit screens for every list, told which list by its
 * definition (fields, labels, rules), the code itself loaded on first use; `AboveList`, a panel of
 * its own above the list (the juries' coverage).
 */
export const listScreens = (
  definition: ReferenceListDefinition,
  AboveList?: ComponentType,
): Omit<ResourceProps, 'name'> =>
  lazyResource(() => import('./screens').then((m) => m.listScreens(definition, AboveList)), {
    icon: ListAltIcon,
    recordRepresentation: (record: { code?: string; libelle?: string }) =>
      definition.code === false
        ? (record.libelle ?? '')
        : `${record.code ?? ''} — ${record.libelle ?? ''}`,
  });
