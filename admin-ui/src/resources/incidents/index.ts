import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazyScreen } from '../../common/lazyScreen';
import { formatDateTime } from '../../common/format';

const load = () => import('./screens');

/** « Incident du 12/03/2027 à 10 h 05 »: an incident is named by when it was recorded. */
const recordRepresentation = (record: { creeLe?: string }) =>
  record.creeLe ? `du ${formatDateTime(record.creeLe)}` : '';

/** « Mes incidents »: those the reader recorded, a list and each one's page (no form: recorded from its own page). */
export const mesIncidents = {
  list: lazyScreen(load, (m) => m.MyIncidentList),
  show: lazyScreen(load, (m) => m.MyIncidentShow),
  icon: ReportProblemIcon,
  recordRepresentation,
};

/** « Liste des incidents »: every incident, its statut changed and deleted from its page. */
export const incidents = {
  list: lazyScreen(load, (m) => m.IncidentList),
  show: lazyScreen(load, (m) => m.IncidentShow),
  icon: ReportProblemIcon,
  recordRepresentation,
};
