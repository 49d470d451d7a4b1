import EventIcon from '@mui/icons-material/Event';
import { lazyResource } from '../../kit/lazyResource';

/** A session has its own life cycle (steps confirmed one by one) beside the kit's screens. */
export default lazyResource(() => import('./screens').then((m) => m.sessionScreens), {
  icon: EventIcon,
  recordRepresentation: (record: { libelle?: string; annee?: number }) =>
    record.annee ? `${record.libelle ?? ''} (${record.annee})` : (record.libelle ?? ''),
});
