import { Suspense, type ComponentProps, type ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  ChipField,
  DateInput,
  email,
  FunctionField,
  maxLength,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { dayBoundsIn, localDate } from '@examens-pro/domain';
import { DateTimeField } from '../common/fields';
import { formatDate, officeTimeZone } from '../common/format';
import { lazyScreen } from '../common/lazyScreen';
import type { FieldDeclaration } from './declaration';
import { FrenchNumberInput } from './FrenchNumberInput';
import { referenceResource } from './routes';

const numbers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

const FrenchDateInput = lazyScreen(
  () => import('./FrenchDateInput'),
  (m) => m.default,
);

/**
 * A calendar day typed and shown DD/MM/YYYY whatever the browser's language, stored YYYY-MM-DD:
 * every date input of the dashboard, forms and filters. Its picker's code comes with the screen.
 */
export const FrenchDate = (props: ComponentProps<typeof FrenchDateInput>) => (
  <Suspense fallback={<DateInput source={props.source} label={props.label} disabled />}>
    <FrenchDateInput {...props} />
  </Suspense>
);

/**
 * A period filter on instants (a journal's, a history's): the day typed DD/MM/YYYY is the office's
 * (`TIME_ZONE`), sent as the first (`bound: 'start'`) or last instant of that day.
 */
export const OfficeDayFilter = ({
  bound,
  ...props
}: ComponentProps<typeof FrenchDateInput> & { bound: 'start' | 'end' }) => (
  <FrenchDate
    fullWidth={false}
    {...props}
    format={(value: unknown) =>
      typeof value === 'string' && value ? localDate(value, officeTimeZone.get()) : null
    }
    parse={(value: unknown) => {
      const bounds =
        typeof value === 'string' ? dayBoundsIn(value, officeTimeZone.get()) : undefined;
      // A day still being typed filters nothing yet.
      return bounds ? bounds[bound] : null;
    }}
  />
);

/** Keeps an emptied text as '' rather than react-admin's null: the contracts' texts are strings. */
const keepText = (value: string | null): string => value ?? '';

const subjectOf = (field: FieldDeclaration): string => field.subject ?? `« ${field.label} »`;

export const requiredMessage = (field: FieldDeclaration): string =>
  field.requiredMessage ?? `${subjectOf(field)} est obligatoire.`;

/**
 * What the form checks before sending: presence, length, an address's shape. Bounds and the rules
 * between fields are the server's (same contract): its French message lands under the field.
 */
const validatorsOf = (field: FieldDeclaration): Validator[] | undefined => {
  const found: Validator[] = [];
  if (field.required) found.push(required(requiredMessage(field)));
  if (field.maxLength)
    found.push(
      maxLength(
        field.maxLength,
        `${subjectOf(field)} compte au plus ${field.maxLength} caractères.`,
      ),
    );
  if (field.type === 'email')
    found.push(email(`${subjectOf(field)} doit être une adresse e-mail valide.`));
  return found.length > 0 ? found : undefined;
};

/** Sortable columns are the ones the read model indexes: numbers, dates, choices, yes/no. */
export const isSortable = (field: FieldDeclaration): boolean =>
  field.sortable ??
  ['integer', 'number', 'boolean', 'date', 'datetime', 'choice'].includes(field.type);

const bounds = (field: FieldDeclaration): string | undefined => {
  if (field.type === 'number' && field.positive)
    return field.max !== undefined
      ? `Nombre supérieur à 0 et au plus ${numbers.format(field.max)}.`
      : 'Nombre supérieur à 0.';
  if (field.min !== undefined && field.max !== undefined)
    return `${field.type === 'integer' ? 'Nombre entier' : 'Nombre'} entre ${numbers.format(field.min)} et ${numbers.format(field.max)}.`;
  return undefined;
};

const choicesOf = (field: FieldDeclaration) =>
  (field.choices ?? []).map((c) => ({ id: c.value, name: c.label }));

/**
 * A reference, by libellé, searched on the server (a list may outgrow one page). An input offers
 * the active items only; a filter every item, since inactive ones are still looked for.
 */
const referenceInput = (
  field: FieldDeclaration,
  options: { validate?: Validator[]; locked?: string; filter?: boolean; alwaysOn?: boolean } = {},
) => {
  const common = {
    source: field.name,
    alwaysOn: options.alwaysOn,
    reference: referenceResource(field.reference!),
    filter: options.filter || field.activeOnly === false ? undefined : { actif: true },
    sort: { field: 'libelle', order: 'ASC' as const },
    perPage: 50,
  };
  const choice = {
    optionText: 'libelle',
    label: field.label,
    validate: options.validate,
    helperText: options.locked ?? (options.filter ? undefined : field.help),
    disabled: Boolean(options.locked),
  };
  if (field.choose === 'select')
    return (
      <ReferenceInput key={field.name} {...common}>
        <SelectInput {...choice} />
      </ReferenceInput>
    );
  const search = {
    ...choice,
    noOptionsText: options.filter
      ? 'Aucun élément ne correspond.'
      : 'Aucun élément actif ne correspond.',
    sx: { minWidth: 320 },
  };
  return field.type === 'references' ? (
    <ReferenceArrayInput key={field.name} {...common}>
      <AutocompleteArrayInput {...search} />
    </ReferenceArrayInput>
  ) : (
    <ReferenceInput key={field.name} {...common}>
      <AutocompleteInput {...search} />
    </ReferenceInput>
  );
};

/**
 * The form input of one field, by its type (or its own `input`). `record`: the record edited,
 * whose state may lock a field.
 */
export const fieldInput = (field: FieldDeclaration, record?: RaRecord): ReactElement => {
  if (field.input) return field.input(field);
  const validate = validatorsOf(field);
  const locked = record ? field.locked?.(record) : undefined;
  const common = {
    source: field.name,
    label: field.label,
    validate,
    disabled: locked ? true : undefined,
    helperText: locked ?? field.help,
  };
  switch (field.type) {
    case 'integer':
    case 'number':
      // « 2,5 » or « 2.5 » whatever the browser's language; the bounds are the server's.
      return (
        <FrenchNumberInput
          key={field.name}
          {...common}
          helperText={common.helperText ?? bounds(field)}
        />
      );
    case 'boolean':
      return <BooleanInput key={field.name} {...common} />;
    case 'date':
      // Typed and shown DD/MM/YYYY whatever the browser's language; its code comes with the form.
      return <FrenchDate key={field.name} {...common} />;
    case 'choice':
      return (
        <SelectInput
          key={field.name}
          {...common}
          choices={choicesOf(field)}
          emptyText={field.required ? undefined : '—'}
        />
      );
    case 'reference':
    case 'references':
      return referenceInput(field, { validate, locked });
    case 'phone':
      return (
        <TextInput
          key={field.name}
          {...common}
          type="tel"
          parse={keepText}
          helperText={common.helperText ?? 'De 8 à 15 chiffres, indicatif + accepté.'}
        />
      );
    case 'email':
      return (
        <TextInput
          key={field.name}
          {...common}
          type="email"
          parse={keepText}
          fullWidth={field.fullWidth}
        />
      );
    case 'email-list':
    case 'text':
    default:
      return (
        <TextInput
          key={field.name}
          {...common}
          parse={keepText}
          fullWidth={field.fullWidth || field.type === 'email-list' || undefined}
        />
      );
  }
};

/**
 * A list-screen filter: references and choices by default (the API filters on them by equality),
 * any other field the declaration marks.
 */
export const fieldFilter = (field: FieldDeclaration): ReactElement | null => {
  if (!(field.filter ?? ['reference', 'choice'].includes(field.type))) return null;
  const common = {
    source: field.name,
    label: field.label,
    alwaysOn: field.filter === 'alwaysOn' || undefined,
  };
  switch (field.type) {
    case 'reference':
    case 'references':
      return referenceInput(field, { filter: true, alwaysOn: common.alwaysOn });
    case 'choice':
      return <SelectInput key={field.name} {...common} choices={choicesOf(field)} />;
    case 'integer':
    case 'number':
      return <FrenchNumberInput key={field.name} {...common} fullWidth={false} filter />;
    case 'date':
      return <FrenchDate key={field.name} {...common} fullWidth={false} />;
    case 'boolean':
      return <BooleanInput key={field.name} {...common} />;
    default:
      return <TextInput key={field.name} {...common} />;
  }
};

const showValue = (field: FieldDeclaration, record: RaRecord): string => {
  const value: unknown = record[field.name];
  if (value === null || value === undefined || value === '') return '';
  if ((field.type === 'integer' || field.type === 'number') && typeof value === 'number')
    return field.grouping === false ? String(value) : numbers.format(value);
  if (field.type === 'boolean') return value ? 'Oui' : 'Non';
  if (field.type === 'date' && typeof value === 'string') return formatDate(value);
  if (field.type === 'choice')
    return field.choices?.find((c) => c.value === value)?.label ?? String(value);
  if (field.type === 'image') return 'Oui';
  return String(value);
};

/**
 * The read-only display of one field (a column of the list, a line of the details), by its type
 * or its own `display`; `where` sizes what needs it.
 */
export const fieldDisplay = (
  field: FieldDeclaration,
  where: 'list' | 'show' = 'show',
): ReactElement => {
  const common = { source: field.name, label: field.label, sortable: isSortable(field) };
  if (field.display) {
    const display = field.display;
    return (
      <FunctionField key={field.name} {...common} render={(record) => display(record, where)} />
    );
  }
  // Without `link`, react-admin links to the item's page when the referenced resource has screens
  // in this build (and the user may open them), else shows plain text.
  if (field.type === 'reference')
    return (
      <ReferenceField
        key={field.name}
        {...common}
        reference={referenceResource(field.reference!)}
        link={field.link}
      >
        <TextField source="libelle" />
      </ReferenceField>
    );
  if (field.type === 'references')
    return (
      <ReferenceArrayField
        key={field.name}
        {...common}
        reference={referenceResource(field.reference!)}
      >
        <SingleFieldList linkType={false}>
          <ChipField source="libelle" size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  if (field.type === 'datetime') return <DateTimeField key={field.name} {...common} />;
  if (['text', 'person-name', 'phone', 'email', 'email-list'].includes(field.type))
    return <TextField key={field.name} {...common} />;
  return (
    <FunctionField key={field.name} {...common} render={(record) => showValue(field, record)} />
  );
};

/** "Rechercher (code, libellé, adresse)": what the list's search box looks in. */
export const searchPlaceholder = (fields: readonly FieldDeclaration[]): string =>
  `Rechercher (${fields.flatMap((field) => (field.search ? [field.search] : [])).join(', ')})`;

/** Values a new item starts with: the declared defaults, "non" for yes/no fields. */
export const defaultValuesOf = (fields: readonly FieldDeclaration[]): Record<string, unknown> =>
  Object.fromEntries(
    fields.flatMap((field) =>
      field.defaultValue !== undefined
        ? [[field.name, field.defaultValue]]
        : field.type === 'boolean'
          ? [[field.name, false]]
          : [],
    ),
  );

/** The fields of the form, when creating or modifying. */
export const formFields = (fields: readonly FieldDeclaration[], creating: boolean) =>
  fields.filter(
    (field) => (field.inForm ?? true) === true || (creating && field.inForm === 'create'),
  );
