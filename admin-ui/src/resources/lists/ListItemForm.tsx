import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import type { ReferenceListDefinition } from './definition';
import { fieldInput } from './fields';

/** Values a new item starts with: the list's declared defaults, "non" for yes/no fields. */
export const defaultValuesOf = (list: ReferenceListDefinition): Record<string, unknown> =>
  Object.fromEntries(
    list.fields.flatMap((field) =>
      field.defaultValue !== undefined
        ? [[field.name, field.defaultValue]]
        : field.type === 'boolean'
          ? [[field.name, false]]
          : [],
    ),
  );

/**
 * Code, libellé, then the list's own fields in their declared order. `noValidate`: the browser's
 * own checks (min, max, step of numbers) would block the form with an English bubble; the server
 * answers the same rules in French, under the field.
 */
export const ListItemForm = ({
  definition,
  creating = false,
}: {
  definition: ReferenceListDefinition;
  creating?: boolean;
}) => (
  <SimpleForm defaultValues={creating ? defaultValuesOf(definition) : undefined} noValidate>
    <TextInput
      source="code"
      label="Code"
      validate={[
        required('Le code est obligatoire.'),
        maxLength(30, 'Le code compte au plus 30 caractères.'),
      ]}
      helperText="Lettres, chiffres, points, tirets ; enregistré en majuscules."
    />
    <TextInput
      source="libelle"
      label="Libellé"
      validate={[
        required('Le libellé est obligatoire.'),
        maxLength(200, 'Le libellé compte au plus 200 caractères.'),
      ]}
      fullWidth
    />
    {definition.fields.map(fieldInput)}
  </SimpleForm>
);
