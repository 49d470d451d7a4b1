import { CODE, LIBELLE, type FieldDeclaration } from '../../kit/declaration';
import { screensOf } from '../../kit/screens';
import { screenTitle, type ListField, type ReferenceListDefinition } from './definition';
import { ImageInput, imageDisplay } from './ImageInput';
import { ScreenTabs } from './ScreenTabs';

/** A list's own field: its texts are searched, its images drawn by the image input. */
const fieldOf = (field: ListField): FieldDeclaration => ({
  ...field,
  search: field.type === 'text' ? field.label.toLowerCase() : undefined,
  ...(field.type === 'image'
    ? {
        input: (image: FieldDeclaration) => <ImageInput key={image.name} field={image} />,
        display: imageDisplay(field),
      }
    : {}),
});

/**
 * Any reference list: code, libellé, then its own fields in their declared order; items are
 * deactivated rather than deleted once in use. A list managed from another screen shows that
 * screen's tabs above it.
 */
export const listScreens = (definition: ReferenceListDefinition) =>
  screensOf({
    label: screenTitle(definition),
    itemLabel: definition.itemLabel,
    fields: [CODE, LIBELLE, ...definition.fields.map(fieldOf)],
    sort: { field: 'libelle', order: 'ASC' },
    activable: {},
    remove: {
      title: (record) => `Supprimer « ${String(record.libelle)} » ?`,
      content:
        'La suppression n’est possible que si l’élément n’est utilisé nulle part ; sinon, désactivez-le.',
    },
    afterCreate: 'list',
    slots: {
      aboveList: definition.managedFrom ? <ScreenTabs path={definition.managedFrom} /> : undefined,
    },
  });
