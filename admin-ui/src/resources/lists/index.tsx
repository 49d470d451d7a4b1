import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { ReferenceListDefinition } from './definition';

type Screen = { definition: ReferenceListDefinition };

const screens = () => import('./screens');
const List = lazyScreen<Awaited<ReturnType<typeof screens>>, Screen>(
  screens,
  (m) => m.ListItemList,
);
const Create = lazyScreen<Awaited<ReturnType<typeof screens>>, Screen>(
  screens,
  (m) => m.ListItemCreate,
);
const Edit = lazyScreen<Awaited<ReturnType<typeof screens>>, Screen>(
  screens,
  (m) => m.ListItemEdit,
);
const Show = lazyScreen<Awaited<ReturnType<typeof screens>>, Screen>(
  screens,
  (m) => m.ListItemShow,
);

/**
 * The screens of one reference list: the same generic components for every list, told which list
 * by its definition (fields, labels, rules), the code itself loaded on first use.
 */
export const listScreens = (definition: ReferenceListDefinition): Omit<ResourceProps, 'name'> => ({
  list: () => <List definition={definition} />,
  create: () => <Create definition={definition} />,
  edit: () => <Edit definition={definition} />,
  show: () => <Show definition={definition} />,
  icon: ListAltIcon,
  recordRepresentation: (record: { code?: string; libelle?: string }) =>
    `${record.code ?? ''} — ${record.libelle ?? ''}`,
});
