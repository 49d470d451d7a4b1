import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  ReferenceField,
  ReferenceInput,
  TextField,
  required,
  useDataProvider,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { Typography } from '@mui/material';
import { formatDate } from '../../../common/format';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import type { FieldDeclaration } from '../../../kit/declaration';
import { requiredMessage } from '../../../kit/fields';
import { referenceResource } from '../../../kit/routes';

const query = (filter: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,999]')}`;

/**
 * « Métier »: only the métiers the chosen session opened to registration (as the list panel
 * offers them); none before a session is chosen.
 */
export const OpenedMetierInput = ({ field }: { field: FieldDeclaration }) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const record = useRecordContext();
  const sessionId = useWatch({ name: 'sessionId' }) as string | null | undefined;
  const [opened, setOpened] = useState<string[]>([]);
  useEffect(() => {
    if (!sessionId) return setOpened([]);
    let current = true;
    void dataProvider
      .read<{ metierId: string }[]>(`metiers-ouverts?${query({ sessionId, actif: true })}`)
      .then((items) => current && setOpened(items.map((item) => item.metierId)))
      .catch(() => current && setOpened([]));
    return () => {
      current = false;
    };
  }, [sessionId]);
  const locked = record ? field.locked?.(record) : undefined;
  return (
    <ReferenceInput
      source={field.name}
      reference={referenceResource(field.reference!)}
      filter={{ actif: true, id: opened }}
      sort={{ field: 'libelle', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteInput
        optionText="libelle"
        label={field.label}
        validate={required(requiredMessage(field))}
        disabled={Boolean(locked) || !sessionId}
        helperText={
          locked ??
          (sessionId
            ? 'Les métiers ouverts aux inscriptions de la session.'
            : 'Choisissez d’abord la session.')
        }
        noOptionsText="Aucun métier ouvert de cette session ne correspond."
        sx={{ minWidth: 320 }}
      />
    </ReferenceInput>
  );
};

/** The identity fields a dossier takes from the chosen apprenti, or from the patron's responsable. */
const FROM_APPRENTI = [
  'nom',
  'prenoms',
  'sexe',
  'dateNaissance',
  'lieuNaissance',
  'nationalite',
  'telephone',
  'niveauId',
  'langueId',
  'handicapId',
] as const;
const FROM_PATRON: Readonly<Record<string, string>> = {
  nom: 'responsableNom',
  prenoms: 'responsablePrenoms',
  sexe: 'responsableSexe',
  telephone: 'telephone',
};

/** An apprenti among the choices: name, birth date and patron, to tell namesakes apart. */
const ApprentiChoice = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span>
      {String(record.libelle ?? '')}
      <Typography component="span" variant="body2" color="text.secondary">
        {record.dateNaissance ? ` — né(e) le ${formatDate(String(record.dateNaissance))}` : ''}
        {record.patronId ? ' — patron : ' : ''}
      </Typography>
      {record.patronId ? (
        <ReferenceField
          source="patronId"
          reference={referenceResource('patrons')}
          link={false}
          record={record}
        >
          <TextField source="libelle" variant="body2" color="text.secondary" />
        </ReferenceField>
      ) : null}
    </span>
  );
};

/** A patron among the choices: raison sociale, responsable and telephone. */
const PatronChoice = () => {
  const record = useRecordContext();
  if (!record) return null;
  const responsable = [record.responsableNom, record.responsablePrenoms].filter(Boolean).join(' ');
  return (
    <span>
      {String(record.libelle ?? '')}
      <Typography component="span" variant="body2" color="text.secondary">
        {responsable ? ` — ${responsable}` : ''}
        {record.telephone ? ` — ${String(record.telephone)}` : ''}
      </Typography>
    </span>
  );
};

/**
 * « Apprenti » / « Patron »: searched by name, each choice told apart (birth date and patron, or
 * responsable), and once chosen the dossier's identity filled from it (still editable).
 */
export const PersonSourceInput = ({ field }: { field: FieldDeclaration }) => {
  const { setValue } = useFormContext();
  const apprenti = field.reference === 'apprentis';
  const fill = (chosen: RaRecord | undefined) => {
    if (!chosen) return;
    const pairs = apprenti
      ? FROM_APPRENTI.map((name) => [name, name] as const)
      : Object.entries(FROM_PATRON);
    for (const [target, source] of pairs) {
      const value: unknown = chosen[source];
      if (value !== undefined && value !== null && value !== '')
        setValue(target, value, { shouldDirty: true, shouldValidate: true });
    }
  };
  return (
    <ReferenceInput
      source={field.name}
      reference={referenceResource(field.reference!)}
      filter={{ actif: true }}
      sort={{ field: 'libelle', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteInput
        label={field.label}
        helperText={field.help}
        optionText={apprenti ? <ApprentiChoice /> : <PatronChoice />}
        inputText={(record: RaRecord) => String(record.libelle ?? '')}
        // Searched on the server (names without accents): every answer is a suggestion.
        matchSuggestion={() => true}
        onChange={(_value: unknown, record: RaRecord | '') => fill(record || undefined)}
        noOptionsText="Aucun élément actif ne correspond."
        sx={{ minWidth: 420 }}
      />
    </ReferenceInput>
  );
};
