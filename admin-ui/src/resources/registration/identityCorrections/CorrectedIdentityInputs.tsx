import { Typography } from '@mui/material';
import { maxLength, minLength, required, SelectInput, TextInput } from 'react-admin';
import { IDENTITY_MESSAGES, JUSTIFICATION_MAX, NAME_ABBREVIATED, SEXES } from '@examens-pro/domain';
import { FrenchDate } from '../../../kit/fields';

/** Keeps an emptied text as '' rather than react-admin's null. */
const keepText = (value: string | null): string => value ?? '';

/** A name as the seed wants it (§5): no dot, no one-letter word; said before sending. */
const unabbreviated = (value: unknown) =>
  typeof value === 'string' &&
  (value.includes('.') ||
    value
      .trim()
      .split(/\s+/)
      .some((word) => [...word].length === 1))
    ? NAME_ABBREVIATED
    : undefined;

/** The identity as it should read, and the justification of the correction (inside its form). */
export const CorrectedIdentityInputs = () => (
  <>
    <Typography variant="subtitle1" component="h3">
      Identité corrigée
    </Typography>
    <TextInput
      source="nom"
      label="Nom"
      parse={keepText}
      validate={[required(IDENTITY_MESSAGES.noms), unabbreviated]}
      helperText="Tel qu’il figure sur l’acte de naissance, sans abréviation."
    />
    <TextInput
      source="prenoms"
      label="Prénoms"
      parse={keepText}
      validate={[required(IDENTITY_MESSAGES.noms), unabbreviated]}
    />
    <SelectInput
      source="sexe"
      label="Sexe"
      choices={SEXES.map((s) => ({ id: s.value, name: s.label }))}
      validate={required(IDENTITY_MESSAGES.sexe)}
    />
    <FrenchDate
      source="dateNaissance"
      label="Date de naissance"
      validate={required(IDENTITY_MESSAGES.dateNaissance)}
    />
    <TextInput
      source="lieuNaissance"
      label="Lieu de naissance"
      parse={keepText}
      validate={required(IDENTITY_MESSAGES.lieuNaissance)}
    />
    <TextInput
      source="nationalite"
      label="Nationalité"
      parse={keepText}
      validate={required(IDENTITY_MESSAGES.nationalite)}
    />
    <TextInput
      source="justification"
      label="Justification"
      multiline
      minRows={3}
      fullWidth
      parse={keepText}
      helperText="Pourquoi l’identité est corrigée (jugement, acte de naissance…)."
      validate={[
        required(IDENTITY_MESSAGES.justification),
        minLength(10, IDENTITY_MESSAGES.justification),
        maxLength(JUSTIFICATION_MAX, IDENTITY_MESSAGES.justificationLongue),
      ]}
    />
  </>
);
