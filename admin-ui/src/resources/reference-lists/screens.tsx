import type { ComponentType } from 'react';
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

/**
 * Whether the server's search covers a field (contracts' `listCollection`): texts; in lists
 * without codes (patrons, apprentis) names, phones and e-mails too, a derived libellé's parts aside.
 */
const searched = (definition: ReferenceListDefinition, field: ListField): boolean =>
  field.type === 'text' ||
  (definition.code === false &&
    ['person-name', 'phone', 'email'].includes(field.type) &&
    !definition.titleFrom?.includes(field.name));

/** A list's own field: searched as the server does, its images drawn by the image input. */
const fieldOf =
  (definition: ReferenceListDefinition) =>
  (field: ListField): FieldDeclaration => ({
    ...field,
    search: searched(definition, field) ? field.label.toLowerCase() : undefined,
    ...(field.type === 'image'
      ? {
          input: (image: FieldDeclaration) => <ImageInput key={image.name} field={image} />,
          display: imageDisplay(field),
        }
      : {}),
  });

/**
 * What names an item: its code (unless the list has none) and its libellé, as the list calls it
 * (« Raison sociale »); a libellé made of other fields (an apprenti's nom and prénoms) is shown, not
 * typed.
 */
const identityFields = (definition: ReferenceListDefinition): FieldDeclaration[] => [
  ...(definition.code === false ? [] : [CODE]),
  {
    ...LIBELLE,
    ...(definition.title
      ? {
          label: definition.title.label,
          subject: definition.title.subject,
          search: definition.title.label.toLowerCase(),
        }
      : {}),
    ...(definition.titleFrom
      ? { inForm: false, inShow: false, search: definition.title?.label.toLowerCase() }
      : {}),
  },
];

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

/** The screen's tabs, then the list's own panel, above the list. */
const aboveList = (definition: ReferenceListDefinition, AboveList?: ComponentType) => {
  const tabs = tabsPath(definition);
  if (!tabs && !AboveList) return undefined;
  return (
    <>
      {tabs ? <ScreenTabs path={tabs} /> : null}
      {AboveList ? <AboveList /> : null}
    </>
  );
};

/**
 * Any reference list (métiers included): code, libellé, then its own fields in their declared
 * order; items are deactivated rather than deleted once in use. A list managed from another screen,
 * or managing others (métiers: filières, corps de métiers), shows that screen's tabs above it; a
 * list with a panel of its own (the juries' coverage) shows it there too.
 */
export const listScreens = (definition: ReferenceListDefinition, AboveList?: ComponentType) =>
  screensOf({
    label: screenTitle(definition),
    itemLabel: definition.itemLabel,
    newItem: definition.newItem,
    fields: [...identityFields(definition), ...definition.fields.map(fieldOf(definition))],
    sort: { field: definition.order ?? 'libelle', order: 'ASC' },
    activable: {},
    remove: {
      title: (record) => `Supprimer « ${String(record.libelle)} » ?`,
      content: removalHint(definition),
    },
    afterCreate: 'list',
    slots: {
      aboveList: aboveList(definition, AboveList),
      listActions: documentButtons(definition),
    },
  });
