import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionIcon from '@mui/icons-material/Description';
import PaymentsIcon from '@mui/icons-material/Payments';
import SendIcon from '@mui/icons-material/Send';
import {
  BULK_ACTION_LABELS,
  MANUAL_PAYMENT_CHANNELS,
  paymentChannelLabel,
} from '@examens-pro/domain';
import type { BulkActionsDeclaration } from '../../../kit/BulkActions';

/** Where a run's progress and outcomes are shown (`/api/lots-candidatures/:id`). */
export const BULK_RUNS = 'inscription/candidats/actions-groupees';

/**
 * The actions in bulk of « Liste des candidats » (issue #32): each one the single dossier's
 * command, under its permission; rejecting asks the motif, paying the amount, date and prefix.
 */
export const CANDIDATURE_BULK_ACTIONS: BulkActionsDeclaration = {
  endpoint: 'lots-candidatures',
  resultRoute: BULK_RUNS,
  actions: [
    {
      action: 'soumettre',
      label: BULK_ACTION_LABELS.soumettre,
      icon: <SendIcon />,
      permission: { action: 'soumettre' },
    },
    {
      action: 'valider',
      label: BULK_ACTION_LABELS.valider,
      icon: <CheckIcon />,
      permission: { action: 'valider' },
    },
    {
      action: 'rejeter',
      label: BULK_ACTION_LABELS.rejeter,
      icon: <CloseIcon />,
      permission: { action: 'rejeter' },
      inputs: [
        {
          name: 'motifId',
          label: 'Motif du rejet',
          type: 'reference',
          reference: 'motifs-rejet',
          required: true,
        },
        { name: 'commentaire', label: 'Commentaire', type: 'text' },
      ],
    },
    {
      action: 'payer',
      label: BULK_ACTION_LABELS.payer,
      icon: <PaymentsIcon />,
      permission: { action: 'payer' },
      inputs: [
        { name: 'montant', label: 'Montant (FCFA)', type: 'integer', required: true },
        {
          name: 'date',
          label: 'Date du paiement',
          type: 'date',
          required: true,
          help: 'JJ/MM/AAAA',
        },
        {
          name: 'canal',
          label: 'Canal',
          type: 'choice',
          initial: 'guichet',
          choices: MANUAL_PAYMENT_CHANNELS.map((canal) => ({
            id: canal,
            name: paymentChannelLabel({ canal }),
          })),
        },
        {
          name: 'prefixeReference',
          label: 'Préfixe des références',
          type: 'text',
          required: true,
          help: 'Chaque référence est ce préfixe suivi du numéro de dossier.',
        },
      ],
    },
    {
      action: 'convoquer',
      label: BULK_ACTION_LABELS.convoquer,
      icon: <DescriptionIcon />,
      permission: { document: 'convocations' },
    },
  ],
};
