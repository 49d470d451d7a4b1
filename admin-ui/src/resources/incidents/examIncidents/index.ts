import ReportIcon from '@mui/icons-material/Report';
import { lazyScreen } from '../../../common/lazyScreen';
import { formatDateTime } from '../../../common/format';

const load = () => import('./screens');

/** « Incident d’examen du 14/06/2027 à 10 h 05 »: named by when it was recorded. */
const recordRepresentation = (record: { creeLe?: string }) =>
  record.creeLe ? `du ${formatDateTime(record.creeLe)}` : '';

/**
 * The exam incidents (« Édition des incidents », « Liste des incidents d’examen »): a list, each
 * one's page (statut changed and attachment added there), and the recording form.
 */
export const examIncidents = {
  list: lazyScreen(load, (m) => m.ExamIncidentList),
  show: lazyScreen(load, (m) => m.ExamIncidentShow),
  create: lazyScreen(
    () => import('./ExamIncidentCreate'),
    (m) => m.ExamIncidentCreate,
  ),
  icon: ReportIcon,
  recordRepresentation,
};
