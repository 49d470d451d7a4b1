import { SESSION_STATUS_LABELS, SESSION_STATUSES, type SessionStatus } from '@examens-pro/domain';
import { LIBELLE, type FieldDeclaration, type ResourceDeclaration } from '../../kit/declaration';
import { routeLabels } from '../../kit/routes';
import { screensOf } from '../../kit/screens';
import { AdvanceButton } from './AdvanceButton';
import { StatusChip } from './StatusChip';

/** A calendar day of the session; the order of the four is the server's rule. */
const day = (
  name: string,
  label: string,
  subject: string,
  more: Partial<FieldDeclaration> = {},
): FieldDeclaration => ({
  name,
  label,
  subject,
  type: 'date',
  required: true,
  inList: true,
  ...more,
});

/**
 * A session's examen, year, name and dates, then its step, which changes only through "Passer à
 * l’étape" (AdvanceButton). A closed session is final: nothing offers to modify it.
 */
const sessions: ResourceDeclaration = {
  ...routeLabels('sessions'),
  newItem: 'nouvelle session',
  feminine: true,
  fields: [
    { ...LIBELLE, help: 'Par exemple : CQP session de juin 2026.' },
    {
      name: 'examenId',
      label: 'Examen',
      subject: 'L’examen',
      type: 'reference',
      reference: 'examens',
      required: true,
      inList: true,
      // Once registration has opened, candidates are attached to this examen: the server refuses.
      locked: (record) =>
        record.statut !== 'preparation'
          ? 'L’examen ne change plus une fois les inscriptions ouvertes.'
          : undefined,
    },
    {
      name: 'annee',
      label: 'Année',
      type: 'integer',
      required: true,
      requiredMessage: 'L’année doit être un nombre entier entre 2000 et 2100.',
      help: 'Entre 2000 et 2100.',
      defaultValue: new Date().getFullYear(),
      grouping: false,
      inList: true,
      filter: true,
    },
    day('ouvertureInscriptions', 'Ouverture des inscriptions', 'L’ouverture des inscriptions'),
    day('clotureInscriptions', 'Clôture des inscriptions', 'La clôture des inscriptions', {
      help: 'Après l’ouverture des inscriptions.',
      sortable: false,
    }),
    day('debutComposition', 'Début de la composition', 'Le début de la composition', {
      help: 'Après la clôture des inscriptions.',
    }),
    day('finComposition', 'Fin de la composition', 'La fin de la composition', {
      help: 'Le même jour que le début, ou après.',
      sortable: false,
    }),
    {
      name: 'statut',
      label: 'Étape',
      type: 'choice',
      choices: SESSION_STATUSES.map((value) => ({ value, label: SESSION_STATUS_LABELS[value] })),
      inList: true,
      inForm: false,
      sortable: false,
      display: (record) => <StatusChip statut={record.statut as SessionStatus} />,
    },
  ],
  // The most recent registration window first.
  sort: { field: 'ouvertureInscriptions', order: 'DESC' },
  canEdit: (record) => record.statut !== 'cloturee',
  slots: { showActions: <AdvanceButton /> },
};

/** The sessions' screens, one chunk loaded when the list is first opened. */
export const sessionScreens = screensOf(sessions);
