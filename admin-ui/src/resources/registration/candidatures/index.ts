import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { lazyResource } from '../../../kit/lazyResource';

/** The dossiers of candidature: the kit's screens, its life cycle's steps on each page. */
export default lazyResource(() => import('./screens').then((m) => m.candidatureScreens), {
  icon: AssignmentIndIcon,
  recordRepresentation: (record: { numeroDossier?: string; libelle?: string }) =>
    `${record.numeroDossier ?? ''} — ${record.libelle ?? ''}`,
});

/** The validated dossiers, read-only. */
export const inscrits = lazyResource(() => import('./screens').then((m) => m.inscritScreens), {
  icon: AssignmentIndIcon,
  recordRepresentation: (record: { numeroDossier?: string; libelle?: string }) =>
    `${record.numeroDossier ?? ''} — ${record.libelle ?? ''}`,
});

/** « Liste d’examen »: the allocated candidates, read-only. */
export const listeExamen = lazyResource(() => import('./screens').then((m) => m.examListScreens), {
  icon: AssignmentIndIcon,
  recordRepresentation: (record: { numeroCandidat?: string; libelle?: string }) =>
    `${record.numeroCandidat ?? ''} — ${record.libelle ?? ''}`,
});
