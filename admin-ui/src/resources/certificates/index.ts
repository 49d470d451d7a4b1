import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * « Attestations : candidats »: the admitted candidates with their verification codes, each row
 * printing its attestation or diploma.
 */
export default {
  list: lazyScreen(
    () => import('./AdmittedList'),
    (m) => m.AttestationsList,
  ),
  icon: WorkspacePremiumIcon,
  recordRepresentation: (record: { nom?: string; prenoms?: string }) =>
    `${record.nom ?? ''} ${record.prenoms ?? ''}`.trim(),
};
