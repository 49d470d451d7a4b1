import {
  AutocompleteInput,
  DateInput,
  maxLength,
  NumberInput,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { EXAMENS, type Session } from './common';

const yearMessage = 'L’année doit être un nombre entier entre 2000 et 2100.';

/**
 * A session's examen, year, name and dates. The order of the dates and the other rules are the
 * server's: its French message lands under the field it concerns. `noValidate`: the browser's own
 * number checks would answer in English.
 */
export const SessionForm = () => {
  const record = useRecordContext<Session>();
  // Once registration has opened, candidates are attached to this examen: the server refuses a change.
  const examenLocked = Boolean(record && record.statut !== 'preparation');
  return (
    <SimpleForm noValidate defaultValues={record ? undefined : { annee: new Date().getFullYear() }}>
      <ReferenceInput
        source="examenId"
        reference={EXAMENS}
        filter={{ actif: true }}
        sort={{ field: 'libelle', order: 'ASC' }}
        perPage={50}
      >
        <AutocompleteInput
          optionText="libelle"
          label="Examen"
          validate={required('L’examen est obligatoire.')}
          noOptionsText="Aucun examen actif ne correspond."
          disabled={examenLocked}
          helperText={
            examenLocked ? 'L’examen ne change plus une fois les inscriptions ouvertes.' : undefined
          }
          sx={{ minWidth: 320 }}
        />
      </ReferenceInput>
      <NumberInput
        source="annee"
        label="Année"
        step={1}
        validate={required(yearMessage)}
        helperText="Entre 2000 et 2100."
      />
      <TextInput
        source="libelle"
        label="Libellé"
        validate={[
          required('Le libellé est obligatoire.'),
          maxLength(200, 'Le libellé compte au plus 200 caractères.'),
        ]}
        helperText="Par exemple : CQP session de juin 2026."
        fullWidth
      />
      <DateInput
        source="ouvertureInscriptions"
        label="Ouverture des inscriptions"
        validate={required('L’ouverture des inscriptions est obligatoire.')}
      />
      <DateInput
        source="clotureInscriptions"
        label="Clôture des inscriptions"
        validate={required('La clôture des inscriptions est obligatoire.')}
        helperText="Après l’ouverture des inscriptions."
      />
      <DateInput
        source="debutComposition"
        label="Début de la composition"
        validate={required('Le début de la composition est obligatoire.')}
        helperText="Après la clôture des inscriptions."
      />
      <DateInput
        source="finComposition"
        label="Fin de la composition"
        validate={required('La fin de la composition est obligatoire.')}
        helperText="Le même jour que le début, ou après."
      />
    </SimpleForm>
  );
};
