import { CODE, LIBELLE, type FieldDeclaration } from '../../kit/declaration';
import { screensOf } from '../../kit/screens';
import { DOCUMENT_KINDS, type DocumentKind } from '@examens-pro/domain';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import {
  MANAGED_LISTS,
  screenTitle,
  type ListField,
  type ReferenceListDefinition,
} from './definition';
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

/** The list's documents (its PDF), each a button that asks for it and downloads it. */
const documentButtons = (definition: ReferenceListDefinition) => {
  const kinds = (definition.documents ?? []) as DocumentKind[];
  if (kinds.length === 0) return undefined;
  return (
    <>
      {kinds.map((kind) => (
        <DownloadDocumentButton
          key={kind}
          kind={kind}
          label={
            kinds.length === 1
              ? 'Télécharger la liste (PDF)'
              : `Télécharger « ${DOCUMENT_KINDS[kind].label} » (PDF)`
          }
        />
      ))}
    </>
  );
};

/** What the removal dialog says, naming the item as the list's messages do (« ce métier »). */
const removalHint = (definition: ReferenceListDefinition): string => {
  const subject = definition.subject;
  if (!subject)
    return 'La suppression n’est possible que si l’élément n’est utilisé nulle part ; sinon, désactivez-le.';
  const e = subject.feminine ? 'e' : '';
  const pronoun = subject.feminine ? 'la' : 'le';
  const named = subject.text.charAt(0).toLowerCase() + subject.text.slice(1);
  return `La suppression n’est possible que si ${named} n’est utilisé${e} nulle part ; sinon, désactivez-${pronoun}.`;
};

/** The screen whose tabs show above the list: the one it is managed from, or its own. */
const tabsPath = (definition: ReferenceListDefinition): string | undefined =>
  definition.managedFrom ??
  (MANAGED_LISTS.some((list) => list.managedFrom === definition.path)
    ? definition.path
    : undefined);

/**
 * Any reference list (métiers included): code, libellé, then its own fields in their declared
 * order; items are deactivated rather than deleted once in use. A list managed from another screen,
 * or managing others (métiers: filières, corps de métiers), shows that screen's tabs above it.
 */
export const listScreens = (definition: ReferenceListDefinition) =>
  screensOf({
    label: screenTitle(definition),
    itemLabel: definition.itemLabel,
    newItem: definition.newItem,
    fields: [CODE, LIBELLE, ...definition.fields.map(fieldOf)],
    sort: { field: 'libelle', order: 'ASC' },
    activable: {},
    remove: {
      title: (record) => `Supprimer « ${String(record.libelle)} » ?`,
      content: removalHint(definition),
    },
    afterCreate: 'list',
    slots: {
      aboveList: tabsPath(definition) ? <ScreenTabs path={tabsPath(definition)!} /> : undefined,
      listActions: documentButtons(definition),
    },
  });
