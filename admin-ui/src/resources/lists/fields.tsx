import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  ChipField,
  DateInput,
  FunctionField,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
} from 'react-admin';
import { formatDate } from '../../common/format';
import {
  referenceResource,
  requiredMessage,
  sortable,
  type ListField,
  type ListItem,
} from './definition';
import { ImageInput, imageUrl } from './ImageInput';

const numbers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** Keeps an emptied text as '' rather than react-admin's null: the contract's texts are strings. */
const keepText = (value: string | null): string => value ?? '';

const bounds = (field: ListField): string | undefined => {
  if (field.type === 'number' && field.positive)
    return field.max !== undefined
      ? `Nombre supérieur à 0 et au plus ${numbers.format(field.max)}.`
      : 'Nombre supérieur à 0.';
  if (field.min !== undefined && field.max !== undefined)
    return `${field.type === 'integer' ? 'Nombre entier' : 'Nombre'} entre ${numbers.format(field.min)} et ${numbers.format(field.max)}.`;
  return undefined;
};

/** Active items only, by libellé, searched on the server (a list may outgrow one page). */
const referenceInput = (field: ListField, validate?: ReturnType<typeof required>) => {
  const common = {
    key: field.name,
    source: field.name,
    reference: referenceResource(field.reference!),
    filter: { actif: true },
    sort: { field: 'libelle', order: 'ASC' as const },
    perPage: 50,
  };
  const choice = {
    optionText: 'libelle',
    label: field.label,
    validate,
    helperText: field.help,
    noOptionsText: 'Aucun élément actif ne correspond.',
    sx: { minWidth: 320 },
  };
  return field.type === 'references' ? (
    <ReferenceArrayInput {...common}>
      <AutocompleteArrayInput {...choice} />
    </ReferenceArrayInput>
  ) : (
    <ReferenceInput {...common}>
      <AutocompleteInput {...choice} />
    </ReferenceInput>
  );
};

/**
 * The form input of one field, by its type. Only "required" is checked here; bounds and the
 * list's rules between fields are the server's (same contract), its French message lands under
 * the field.
 */
export const fieldInput = (field: ListField): ReactElement => {
  const validate = field.required ? required(requiredMessage(field)) : undefined;
  const common = { key: field.name, source: field.name, label: field.label, validate };
  switch (field.type) {
    case 'integer':
    case 'number':
      return (
        <NumberInput
          {...common}
          // Decimals to the hundredth (a coefficient of 2.5): the arrows step as staff count.
          step={field.type === 'integer' ? 1 : 0.01}
          min={field.min ?? (field.positive ? 0 : undefined)}
          max={field.max}
          helperText={field.help ?? bounds(field)}
        />
      );
    case 'boolean':
      return <BooleanInput {...common} helperText={field.help} />;
    case 'date':
      return <DateInput {...common} helperText={field.help} />;
    case 'choice':
      return (
        <SelectInput
          {...common}
          choices={(field.choices ?? []).map((c) => ({ id: c.value, name: c.label }))}
          helperText={field.help}
          emptyText={field.required ? undefined : '—'}
        />
      );
    case 'reference':
    case 'references':
      return referenceInput(field, validate);
    case 'image':
      return <ImageInput key={field.name} field={field} />;
    case 'phone':
      return (
        <TextInput
          {...common}
          type="tel"
          parse={keepText}
          helperText={field.help ?? 'De 8 à 15 chiffres, indicatif + accepté.'}
        />
      );
    case 'email-list':
    case 'text':
    default:
      return (
        <TextInput
          {...common}
          parse={keepText}
          helperText={field.help}
          fullWidth={field.type === 'email-list' || undefined}
        />
      );
  }
};

/** A list-screen filter for the fields the API filters on by equality (references, choices). */
export const fieldFilter = (field: ListField): ReactElement | null => {
  if (field.type === 'reference') return referenceInput(field);
  if (field.type === 'choice')
    return (
      <SelectInput
        key={field.name}
        source={field.name}
        label={field.label}
        choices={(field.choices ?? []).map((c) => ({ id: c.value, name: c.label }))}
      />
    );
  return null;
};

const showValue = (field: ListField, record: ListItem): string => {
  const value = record[field.name];
  if (value === null || value === undefined || value === '') return '';
  if ((field.type === 'integer' || field.type === 'number') && typeof value === 'number')
    return numbers.format(value);
  if (field.type === 'boolean') return value ? 'Oui' : 'Non';
  if (field.type === 'date' && typeof value === 'string') return formatDate(value);
  if (field.type === 'choice')
    return field.choices?.find((c) => c.value === value)?.label ?? String(value);
  if (field.type === 'image') return 'Oui';
  return String(value);
};

/**
 * The read-only display of one field (a column of the list, a line of the show page); `where`
 * sizes what needs it (an image: a thumbnail in a row, a readable preview on the page).
 */
export const fieldDisplay = (field: ListField, where: 'list' | 'show' = 'show'): ReactElement => {
  if (field.type === 'image')
    return (
      <FunctionField<ListItem>
        key={field.name}
        source={field.name}
        label={field.label}
        sortable={false}
        render={(record) => {
          const value = record[field.name];
          if (typeof value !== 'string' || !value) return '';
          return (
            <img
              src={imageUrl(value)}
              alt={field.label}
              loading="lazy"
              style={{
                display: 'block',
                maxHeight: where === 'list' ? 32 : 200,
                maxWidth: where === 'list' ? 120 : 400,
                background: '#fff',
              }}
            />
          );
        }}
      />
    );
  // No `link`: react-admin links to the show page when the referenced list has screens in this
  // build (and the user may open them), else shows plain text.
  if (field.type === 'reference')
    return (
      <ReferenceField
        key={field.name}
        source={field.name}
        label={field.label}
        reference={referenceResource(field.reference!)}
        sortable={false}
      >
        <TextField source="libelle" />
      </ReferenceField>
    );
  if (field.type === 'references')
    return (
      <ReferenceArrayField
        key={field.name}
        source={field.name}
        label={field.label}
        reference={referenceResource(field.reference!)}
        sortable={false}
      >
        <SingleFieldList linkType={false}>
          <ChipField source="libelle" size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  if (field.type === 'text' || field.type === 'phone' || field.type === 'email-list')
    return <TextField key={field.name} source={field.name} label={field.label} sortable={false} />;
  return (
    <FunctionField<ListItem>
      key={field.name}
      source={field.name}
      label={field.label}
      sortable={sortable(field)}
      render={(record) => showValue(field, record)}
    />
  );
};
