import GavelIcon from '@mui/icons-material/Gavel';
import { lazyScreen } from '../../../common/lazyScreen';

/**
 * « Référence d’examen »: the sessions with their reference (arrêté number and date), a list whose
 * rows open a dialog; the same screen under « Décision d’admission ».
 */
export default {
  list: lazyScreen(
    () => import('./ReferencesList'),
    (m) => m.ReferencesList,
  ),
  icon: GavelIcon,
  recordRepresentation: (record: { libelle?: string }) => record.libelle ?? '',
};
