import { Link } from '@mui/material';
import type { MouseEvent } from 'react';
import type { RaRecord } from 'react-admin';
import { IDENTITY_CORRECTIONS_RESOURCE } from '@examens-pro/domain';
import type { ResourceDeclaration } from '../../../kit/declaration';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';
import { fileSize } from '../../../common/format';
import {
  centreDepotField,
  changeLogFilters,
  changesField,
  sessionFilterField,
  text,
} from '../changeLog';

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
    sessionFilterField,
    centreDepotField({ inList: false, filter: true }),
    changesField,
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
  slots: { filters: changeLogFilters(IDENTITY_CORRECTIONS_RESOURCE) },
};

export const CorrectionsList = () => <ResourceList declaration={corrections} />;
