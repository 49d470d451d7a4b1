import WorkIcon from '@mui/icons-material/Work';
import { lazyResource } from '../../kit/lazyResource';

/** The métiers: the kit's screens, with the filières' and corps de métiers' tabs and the PDF. */
export default lazyResource(() => import('./screens').then((m) => m.metierScreens), {
  icon: WorkIcon,
  recordRepresentation: (record: { code?: string; libelle?: string }) =>
    `${record.code ?? ''} — ${record.libelle ?? ''}`,
});
