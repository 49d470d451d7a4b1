import { METIER_CORPS_DE_METIER, METIER_FILIERE } from '@examens-pro/domain';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { CODE, LIBELLE, type ResourceDeclaration } from '../../kit/declaration';
import { routeLabels } from '../../kit/routes';
import { screensOf } from '../../kit/screens';
import { ScreenTabs } from '../lists/ScreenTabs';

const METIERS = 'configuration/metiers';

/**
 * A métier: code, libellé and its optional classification, chosen among the active items of the
 * lists of its tabs (filières, corps de métiers); deactivated rather than deleted once in use.
 */
const metiers: ResourceDeclaration = {
  ...routeLabels('metiers'),
  newItem: 'nouveau métier',
  fields: [CODE, LIBELLE, METIER_FILIERE, METIER_CORPS_DE_METIER],
  sort: { field: 'libelle', order: 'ASC' },
  activable: {},
  remove: {
    title: () => 'Supprimer ce métier ?',
    content:
      'La suppression n’est possible que si le métier n’est utilisé nulle part ; sinon, désactivez-le.',
  },
  afterCreate: 'list',
  slots: {
    aboveList: <ScreenTabs path={METIERS} />,
    listActions: <DownloadDocumentButton kind="liste-metiers" label="Télécharger la liste (PDF)" />,
  },
};

/** The métiers' screens, one chunk loaded when the list is first opened. */
export const metierScreens = screensOf(metiers);
