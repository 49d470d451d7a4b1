import { Alert, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import type { FieldDeclaration } from '../../kit/declaration';
import { fieldDisplay, fieldFilter } from '../../kit/fields';
import { AttestationButtons, codeText, GeneratedChip, VerificationsText } from './shared';

const reference = (
  name: string,
  label: string,
  list: string,
  filter: FieldDeclaration['filter'],
  inList = true,
): FieldDeclaration => ({
  name,
  label,
  type: 'reference',
  reference: list,
  inList,
  filter,
  activeOnly: false,
  link: false,
});

const SESSION = reference('sessionId', 'Session', 'sessions', 'alwaysOn', false);
const METIER = reference('metierId', 'Métier', 'metiers', 'alwaysOn');
const DEPARTEMENT = reference('departementId', 'Département', 'departements', true);
const ZONE = reference('zoneId', 'Zone', 'zones', true, false);

const average = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nom, numéro ou code" />,
  fieldFilter(SESSION)!,
  fieldFilter(METIER)!,
  fieldFilter(DEPARTEMENT)!,
  fieldFilter(ZONE)!,
  <SelectInput
    key="generee"
    source="generee"
    label="Attestation"
    alwaysOn
    choices={[
      { id: true, name: 'Générée' },
      { id: false, name: 'Non générée' },
    ]}
  />,
];

/** The chosen candidates' documents, one PDF each kind (« Téléchargement des attestations »). */
const ChosenButtons = () => {
  const { selectedIds, filterValues } = useListContext();
  const sessionId = typeof filterValues.sessionId === 'string' ? filterValues.sessionId : '';
  if (!sessionId)
    return (
      <Typography variant="body2" color="warning.main">
        Choisissez d’abord la session (filtre « Session »).
      </Typography>
    );
  return (
    <AttestationButtons
      sessionId={sessionId}
      target={{ candidatureIds: selectedIds }}
      labels={['Attestations choisies (PDF)', 'Diplômes choisis (PDF)']}
    />
  );
};

/**
 * The admitted candidates of the closed deliberations (`/api/attestations`, admitted only): search
 * by name, number or code; filters by session, métier, département, zone and « générée / non
 * générée »; each with their verification code. `chosen`: candidates are ticked and printed in one
 * PDF; otherwise each row prints its own attestation or diploma.
 */
export const AdmittedList = ({ resource, chosen }: { resource?: string; chosen?: boolean }) => (
  <List
    resource={resource}
    filters={filters}
    actions={<TopToolbar />}
    exporter={false}
    sort={{ field: 'nom', order: 'ASC' }}
    perPage={25}
    title={chosen ? 'Téléchargement des attestations' : 'Attestations : candidats'}
    disableSyncWithLocation={chosen}
    empty={
      <Alert severity="info" sx={{ m: 2 }}>
        Aucun admis : les attestations suivent la clôture des délibérations.
      </Alert>
    }
  >
    <Datagrid
      rowClick={false}
      bulkActionButtons={chosen ? <ChosenButtons /> : false}
      aria-label="Admis"
      // Nine columns in a 1,280-px window, the menu open: narrower cells than the default.
      sx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <TextField source="numeroCandidat" label="N° candidat" />
      <FunctionField
        source="nom"
        label="Nom et prénoms"
        render={(r: RaRecord) =>
          `${String(r.nom ?? '').toLocaleUpperCase('fr-FR')} ${String(r.prenoms ?? '')}`
        }
      />
      {fieldDisplay(METIER, 'list')}
      {fieldDisplay(DEPARTEMENT, 'list')}
      <FunctionField
        source="moyenne"
        label="Moyenne"
        render={(r: RaRecord) => (typeof r.moyenne === 'number' ? average.format(r.moyenne) : '—')}
      />
      <TextField source="rang" label="Rang" />
      <FunctionField
        source="generee"
        label="Attestation"
        render={(r: RaRecord) => (
          <>
            <GeneratedChip record={r as { generee?: boolean }} />
            <VerificationsText record={r as Parameters<typeof VerificationsText>[0]['record']} />
          </>
        )}
      />
      <FunctionField
        source="code"
        label="Code de vérification"
        sortable={false}
        render={(r: RaRecord) => (
          <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{codeText(r.code)}</span>
        )}
      />
      {chosen ? null : (
        <FunctionField
          label="Documents"
          sortable={false}
          render={(r: RaRecord) => (
            <AttestationButtons
              sessionId={String(r.sessionId)}
              target={{ candidatureIds: [r.id] }}
              labels={['Attestation', 'Diplôme']}
            />
          )}
        />
      )}
    </Datagrid>
  </List>
);

/** « Attestations : candidats ». */
export const AttestationsList = () => <AdmittedList />;
