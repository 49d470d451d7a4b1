import { Link } from '@mui/material';
import type { MouseEvent } from 'react';
import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';
import { IDENTITY_CORRECTIONS_RESOURCE } from '@examens-pro/domain';
import type { FieldDeclaration, ResourceDeclaration } from '../../../kit/declaration';
import { OfficeDayFilter } from '../../../kit/fields';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';
import { fileSize } from '../../../common/format';
import { Changes } from '../candidatureChanges/screens';

/** Where a correction's document is read (same origin: the session cookie goes with it). */
export const correctionDocumentUrl = (id: string): string =>
  `/api/${IDENTITY_CORRECTIONS_RESOURCE}/${encodeURIComponent(id)}/document`;

const DocumentLink = ({ record }: { record: RaRecord }) => {
  const document = record.document as { nomFichier?: string; taille?: number } | undefined;
  if (!document) return <>—</>;
  return (
    <Link
      href={correctionDocumentUrl(String(record.id))}
      target="_blank"
      rel="noopener"
      // The row opens nothing: the click only opens the document.
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {document.nomFichier} ({fileSize(document.taille)})
    </Link>
  );
};

const text = (name: string, label: string, more: Partial<FieldDeclaration> = {}) =>
  ({ name, label, type: 'text', inList: true, sortable: true, ...more }) as const;

/**
 * « Historique des modifications des identités »: every identity corrected after the exam (an
 * enrôleur: their centre's), newest first: when, who, the dossier and candidate numbers, each
 * field before → after, the justification and its document; filters by agent, period, session
 * and centre; CSV/XLSX exports.
 */
const corrections: ResourceDeclaration = {
  ...routeLabels(IDENTITY_CORRECTIONS_RESOURCE),
  fields: [
    { name: 'date', label: 'Date', type: 'datetime', inList: true },
    text('acteur', 'Par'),
    text('numeroDossier', 'Numéro de dossier', { search: 'numéro de dossier' }),
    text('numeroCandidat', 'Numéro de candidat', { search: 'numéro de candidat' }),
    text('libelle', 'Candidat', { search: 'nom' }),
    {
      name: 'sessionId',
      label: 'Session',
      type: 'reference',
      reference: 'sessions',
      inList: false,
      filter: true,
      activeOnly: false,
    },
    {
      name: 'centreDepotId',
      label: 'Centre de dépôt',
      type: 'reference',
      reference: 'centres-depot',
      inList: false,
      filter: true,
      link: false,
    },
    {
      name: 'changes',
      label: 'Changements (avant → après)',
      type: 'custom',
      inList: true,
      sortable: false,
      display: (record) => <Changes record={record} />,
    },
    text('justification', 'Justification', { sortable: false }),
    {
      name: 'document',
      label: 'Document',
      type: 'custom',
      inList: true,
      sortable: false,
      display: (record) => <DocumentLink record={record} />,
    },
  ],
  sort: { field: 'date', order: 'DESC' },
  readOnly: true,
  slots: {
    filters: [
      <ReferenceInput
        key="acteurId"
        source="acteurId"
        reference={`${IDENTITY_CORRECTIONS_RESOURCE}/acteurs`}
        sort={{ field: 'libelle', order: 'ASC' }}
        perPage={100}
        alwaysOn
      >
        <AutocompleteInput
          label="Agent"
          optionText="libelle"
          noOptionsText="Aucun agent ne correspond."
          sx={{ minWidth: 260 }}
        />
      </ReferenceInput>,
      <OfficeDayFilter key="date_gte" source="date_gte" label="Du" bound="start" alwaysOn />,
      <OfficeDayFilter key="date_lte" source="date_lte" label="Au" bound="end" alwaysOn />,
    ],
  },
};

export const CorrectionsList = () => <ResourceList declaration={corrections} />;
